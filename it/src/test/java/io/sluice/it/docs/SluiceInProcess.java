package io.sluice.it.docs;

import io.sluice.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Runs {@code sluice ARGUMENTS} through the CLI's entry point in this JVM, capturing what it prints. */
public final class SluiceInProcess {
    private SluiceInProcess() {
    }

    /** What one run did. */
    public record Outcome(int exitCode, String stdout, String stderr) {
    }

    /** {@code environment} supplies the scripts' {@code ${VAR}} values. */
    public static Outcome run(Map<String, String> environment, String... arguments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            // the print connector writes to System.out itself, as a sink of a separate process would
            PrintStream systemOut = System.out;
            System.setOut(stdout);
            try {
                exitCode = Main.run(arguments, environment, stdout, stderr);
            } finally {
                System.setOut(systemOut);
            }
        }
        return new Outcome(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
