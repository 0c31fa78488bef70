package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** The value of {@code metric} for each sink, from the job summary ({@code  sink NAME: metric=value, ...}). */
    Map<String, Long> sinkMetric(String metric) {
        return sinkMetric(stderr, metric);
    }

    /** The value of {@code metric} for each sink, from the job summary in {@code stderr}. */
    static Map<String, Long> sinkMetric(String stderr, String metric) {
        Map<String, Long> values = new HashMap<>();
        Matcher matcher = Pattern.compile("sink (\\w+):.*?\\b" + Pattern.quote(metric) + "=(\\d+)").matcher(stderr);
        while (matcher.find()) {
            values.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        return values;
    }
}
