package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

/** What one {@code sluice} run did: its exit code and what it printed. */
record CliRun(int exitCode, String stdout, String stderr) {

    /** Fails with the run's stderr when the exit code is not 0. */
    CliRun assertSucceeded() {
        assertThat(exitCode).as("exit code of sluice; stderr:%n%s", stderr).isZero();
        return this;
    }

    /**
     * Fails unless the run failed with an {@code ERROR:} line on stderr that mentions every one of
     * {@code places} (such as the file and line, the key, the column).
     */
    CliRun assertFailedNaming(String... places) {
        assertThat(exitCode).as("exit code of sluice; stderr:%n%s", stderr).isNotZero();
        assertThat(stderr).contains("ERROR:");
        String error = stderr.substring(stderr.indexOf("ERROR:"));
        for (String place : places) {
            assertThat(error).as("the error on stderr names '%s'", place).contains(place);
        }
        return this;
    }
}
