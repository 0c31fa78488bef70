package io.sluice.it;

import static org.assertj.core.api.Assertions.fail;

import io.sluice.it.DifferentialQuery.KeyKind;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The differential final-table test: random changelogs, queries and sink keys (see {@link
 * DifferentialQueries}) run through Sluice into a real table under random settings; the table must
 * equal PostgreSQL's batch answer over what the changelogs leave (for a key written with ON CONFLICT,
 * each key's row must be one of the answer's rows for that key). A failing case is shrunk (plainer
 * settings, fewer keys, a shorter changelog) and printed as a script that reproduces it. A changelog
 * with orphan retractions (a delete sent twice, the delete of a key never inserted) has no batch answer
 * to compare with; its case is metamorphic instead: with mini-batch off and on, in one phase and two, at
 * parallelism 1 and 2, it must leave the same table.
 * {@code -Dsluice.differential.cases=10000} runs more; {@code -Dsluice.differential.seed} moves the
 * first seed; {@code -Dsluice.differential.shrunk-failures} says how many failures are shrunk (3).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DifferentialSuite extends DatabaseSuite {
    private static final int CASES = Integer.getInteger("sluice.differential.cases", 300);
    private static final long FIRST_SEED = Long.getLong("sluice.differential.seed", 1L);
    private static final int SHRINK_RUNS = 100;
    private static final int SHRUNK_FAILURES = Integer.getInteger("sluice.differential.shrunk-failures", 3);

    private final DifferentialOracle oracle;
    private int failures;

    DifferentialSuite(TestDatabase target, TestDatabase postgres) {
        super(target);
        try {
            this.oracle = new DifferentialOracle(postgres);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot open PostgreSQL for the batch answers", e);
        }
    }

    @AfterAll
    void closeOracle() throws SQLException {
        oracle.close();
    }

    @TestFactory
    Stream<DynamicTest> finalTablesEqualPostgresBatchAnswers() {
        return IntStream.range(0, CASES).mapToObj(i -> FIRST_SEED + i)
                .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(DifferentialCase.generate(seed))));
    }

    private void check(DifferentialCase testCase) throws Exception {
        Optional<String> mismatch = mismatch(testCase);
        if (mismatch.isEmpty()) {
            return;
        }
        Shrinking shrunk = new Shrinking(testCase, mismatch.get());
        if (++failures <= SHRUNK_FAILURES) {
            shrink(shrunk);
        }
        DifferentialCase reported = shrunk.best;
        String why = shrunk.why;
        fail("Case %s%n%s%nReproduce with (-Dsluice.differential.seed=%d -Dsluice.differential.cases=1):%n%s",
                reported, why, testCase.seed(),
                reported.standaloneScript(sink.jdbcOptions("sink_table", reported.settings().sinkOptions())));
    }

    /** What is wrong with the table {@code testCase} leaves, if anything. */
    private Optional<String> mismatch(DifferentialCase testCase) throws Exception {
        if (testCase.source().consistent()) {
            TableRun run = run(testCase);
            return run.failure() != null ? Optional.of(run.failure())
                    : compare(testCase, oracle.answer(testCase), run.rows());
        }
        return metamorphicMismatch(testCase);
    }

    /** The settings of {@code testCase} changed only by those of the variants must change nothing in its table. */
    private Optional<String> metamorphicMismatch(DifferentialCase testCase) throws Exception {
        int maxRows = testCase.settings().maxRows();
        DifferentialCase baseline = testCase.with(testCase.source(), testCase.dimension(),
                new DifferentialSettings(1, 0, "AUTO", maxRows));
        TableRun expected = run(baseline);
        if (expected.failure() != null) {
            return Optional.of(expected.failure());
        }
        for (DifferentialSettings variant : List.of(new DifferentialSettings(1, 20, "ONE_PHASE", maxRows),
                new DifferentialSettings(1, 20, "TWO_PHASE", maxRows), new DifferentialSettings(2, 0, "AUTO", maxRows),
                new DifferentialSettings(2, 20, "TWO_PHASE", maxRows))) {
            TableRun actual = run(testCase.with(testCase.source(), testCase.dimension(), variant));
            if (actual.failure() != null) {
                return Optional.of(variant + ": " + actual.failure());
            }
            if (!expected.rows().equals(actual.rows())) {
                return Optional.of(difference("with orphan retractions, expected the table of " + baseline.settings()
                        + " also with " + variant, expected.rows(), actual.rows()));
            }
        }
        return Optional.empty();
    }

    /** The table {@code testCase} leaves, or why Sluice failed. */
    private TableRun run(DifferentialCase testCase) throws Exception {
        String table = sink.newTableName("differential");
        try {
            Path source = writeLines("src-" + testCase.seed() + ".txt", testCase.source().lines());
            Path dimension = writeLines("dim-" + testCase.seed() + ".txt", testCase.dimension().lines());
            CliRun run = runScript(testCase.script("'path' = '" + source + "'", "'path' = '" + dimension + "'",
                    sink.jdbcOptions(table, testCase.settings().sinkOptions())));
            if (run.exitCode() != 0) {
                return new TableRun(null, "Sluice failed:\n" + run.stderr());
            }
            return new TableRun(read(table, testCase.query()), null);
        } finally {
            sink.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    private List<String> read(String table, DifferentialQuery query) throws SQLException {
        try (Connection connection = sink.database().open(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT " + String.join(", ", query.columnNames())
                     + " FROM " + table)) {
            return DifferentialOracle.rows(result);
        }
    }

    private static Optional<String> compare(DifferentialCase testCase, List<String> expected, List<String> actual) {
        if (testCase.query().keyKind() != KeyKind.OTHER) {
            return expected.equals(actual) ? Optional.empty()
                    : Optional.of(difference("expected the batch answer", expected, actual));
        }
        Map<String, Set<String>> candidates = byKey(expected, testCase.query().primaryKeyPositions());
        Map<String, Set<String>> shown = byKey(actual, testCase.query().primaryKeyPositions());
        boolean sameKeys = candidates.keySet().equals(shown.keySet());
        boolean eachOneOfItsKeys = shown.entrySet().stream()
                .allMatch(entry -> candidates.getOrDefault(entry.getKey(), Set.of()).containsAll(entry.getValue()));
        return sameKeys && eachOneOfItsKeys ? Optional.empty()
                : Optional.of(difference("expected one row of the batch answer for each of its keys", expected, actual));
    }

    private static Map<String, Set<String>> byKey(List<String> rows, int[] key) {
        Map<String, Set<String>> byKey = new HashMap<>();
        for (String row : rows) {
            String[] values = row.substring(1, row.length() - 1).split(", ", -1);
            List<String> keyValues = IntStream.of(key).mapToObj(i -> values[i]).toList();
            byKey.computeIfAbsent(keyValues.toString(), k -> new HashSet<>()).add(row);
        }
        return byKey;
    }

    private static String difference(String expectation, List<String> expected, List<String> actual) {
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(actual);
        List<String> extra = new ArrayList<>(actual);
        extra.removeAll(expected);
        return expectation + ".\n  batch answer (" + expected.size() + " rows): " + expected + "\n  table ("
                + actual.size() + " rows): " + actual + "\n  missing from the table: " + missing
                + "\n  in the table only: " + extra;
    }

    /** Looks for a smaller case that still fails: plainer settings, fewer keys, a shorter changelog. */
    private void shrink(Shrinking shrinking) throws Exception {
        DifferentialCase failing = shrinking.best;
        shrinking.tryCase(failing.with(failing.source(), failing.dimension(), DifferentialSettings.plain()));
        shrinking.tryCase(failing.with(failing.source(), failing.dimension().prefix(0), failing.settings()));
        for (int chunks = 2; chunks <= 64 && shrinking.hasRunsLeft(); chunks *= 2) {
            List<Object> keys = new ArrayList<>(shrinking.best.source().keys());
            int size = Math.max(1, keys.size() / chunks);
            for (int from = 0; from < keys.size() && shrinking.hasRunsLeft(); from += size) {
                Set<Object> dropped = new HashSet<>(keys.subList(from, Math.min(keys.size(), from + size)));
                DifferentialCase best = shrinking.best;
                shrinking.tryCase(best.with(best.source().without(dropped), best.dimension(), best.settings()));
            }
        }
        for (int length = shrinking.best.source().size() / 2; length > 0 && shrinking.hasRunsLeft(); length /= 2) {
            DifferentialCase best = shrinking.best;
            shrinking.tryCase(best.with(best.source().prefix(length), best.dimension(), best.settings()));
        }
    }

    /** A run's table, or why it has none. */
    private record TableRun(List<String> rows, String failure) {
    }

    /** The smallest failing case found so far, and how many runs the search may still take. */
    private final class Shrinking {
        private DifferentialCase best;
        private String why;
        private int runs;

        Shrinking(DifferentialCase failing, String why) {
            this.best = failing;
            this.why = why;
        }

        boolean hasRunsLeft() {
            return runs < SHRINK_RUNS;
        }

        void tryCase(DifferentialCase candidate) throws Exception {
            if (hasRunsLeft()) {
                runs++;
                Optional<String> mismatch = mismatch(candidate);
                if (mismatch.isPresent()) {
                    best = candidate;
                    why = mismatch.get();
                }
            }
        }
    }
}
