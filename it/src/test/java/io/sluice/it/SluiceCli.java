package io.sluice.it;

import io.sluice.it.docs.SluiceInProcess;
import java.util.Map;

/** Runs the {@code sluice} command in this JVM through the CLI's own entry point. */
final class SluiceCli {
    private SluiceCli() {
    }

    /** Runs {@code sluice <arguments>}; {@code environment} supplies the script's {@code ${VAR}} values. */
    static CliRun run(Map<String, String> environment, String... arguments) {
        SluiceInProcess.Outcome outcome = SluiceInProcess.run(environment, arguments);
        return new CliRun(outcome.exitCode(), outcome.stdout(), outcome.stderr());
    }
}
