package io.sluice.bench.runtime;

import io.sluice.planner.TableEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Nexmark query of {@code examples/nexmark} over a seeded stream of generated events into its
 * {@code blackhole} table, run through {@link TableEnvironment} as {@code ./sluice run -i ddl.sql qN.sql}
 * runs it; times the job from its start to its end, without the JVM's start and planning.
 */
public final class NexmarkBenchmark {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)(?::-([^}]*))?}");

    /**
     * A timed run.
     *
     * @param runNanos from the job's start to its end
     * @param cpuNanos CPU time the job's threads used
     * @param rowsOut  rows the query wrote into its table
     */
    public record Run(long runNanos, long cpuNanos, long rowsOut) {
    }

    private NexmarkBenchmark() {
    }

    /**
     * Runs {@code query} ({@code q5}) over {@code events} events at {@code parallelism}.
     *
     * @throws IllegalStateException when the job did not read every event
     */
    public static Run run(Path examples, String query, long events, int parallelism) throws InterruptedException {
        TableEnvironment environment = TableEnvironment.create(Map.of("parallelism.default",
                Integer.toString(parallelism)));
        Map<String, String> variables = Map.of("NEXMARK_EVENTS", Long.toString(events), "NEXMARK_SEED", "1",
                "NEXMARK_SIDE_INPUT", examples.resolve("side_input.txt").toString());
        statements(examples.resolve("ddl.sql"), variables).forEach(environment::executeSql);
        List<String> statements = statements(examples.resolve(query + ".sql"), variables);
        statements.subList(0, statements.size() - 1).forEach(environment::executeSql);
        TimedJob job = TimedJob.run(environment, statements.get(statements.size() - 1));
        if (job.rowsIn() != events) {
            throw new IllegalStateException(query + " read " + job.rowsIn() + " events instead of " + events);
        }
        return new Run(job.runNanos(), job.cpuNanos(), job.rowsOut());
    }

    /** The statements of a script, its {@code ${VAR:-default}} values filled in, comment lines dropped. */
    static List<String> statements(Path script, Map<String, String> variables) {
        String text;
        try {
            text = Files.readString(script);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + script, e);
        }
        StringBuilder code = new StringBuilder();
        for (String line : text.split("\n")) {
            if (!line.strip().startsWith("--")) {
                code.append(line).append('\n');
            }
        }
        Matcher matcher = VARIABLE.matcher(code);
        String filled = matcher.replaceAll(match -> Matcher.quoteReplacement(
                variables.getOrDefault(match.group(1), match.group(2) == null ? "" : match.group(2))));
        List<String> statements = new ArrayList<>();
        for (String statement : filled.split(";")) {
            if (!statement.isBlank()) {
                statements.add(statement.strip());
            }
        }
        return statements;
    }
}
