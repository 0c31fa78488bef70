package io.sluice.differential;

import io.sluice.planner.TableEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Runs a case on Sluice in-process, through the same statements {@code ./sluice run} would execute. */
final class SluiceCaseRunner {
    private SluiceCaseRunner() {
    }

    /** The case's changelog, one {@code +I[...]} line a change, or {@code refused: message}. */
    static List<String> run(EventTimeCase c) {
        TableEnvironment env = TableEnvironment.create(Map.of("parallelism.default", "1"));
        c.tables().forEach(table -> env.executeSql(table.sluiceTable()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            env.executeSql(c.query()).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return List.of("refused: " + e.getMessage());
        }
        return Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("\n")).filter(line -> !line.isEmpty())
                .toList();
    }
}
