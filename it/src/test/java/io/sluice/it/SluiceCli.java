package io.sluice.it;

import io.sluice.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Runs the {@code sluice} command in this JVM through the CLI's own entry point. */
final class SluiceCli {
    private SluiceCli() {
    }

    /** Runs {@code sluice <arguments>}; {@code environment} supplies the script's {@code ${VAR}} values. */
    static CliRun run(Map<String, String> environment, String... arguments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(arguments, environment, stdout, stderr);
        }
        return new CliRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
