package io.sluice.runtime.operators.aggregate;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.call;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countDistinct;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countStar;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.groupAgg;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Mini-batch, in one phase or two, leaves the table that processing the rows one by one leaves, also
 * when the changelog retracts rows that were never inserted, retracts a row twice or retracts another
 * value than the one inserted: such a retraction of a key without rows is dropped, and a key whose rows
 * were all retracted starts again from nothing.
 */
class MiniBatchFinalResultTest {
    private static final int[] KEYS = {0};
    private static final List<AggregateCall> CALLS = List.of(countStar(),
            call(AggFunction.SUM, 1, LogicalType.intType(), LogicalType.intType()),
            call(AggFunction.MIN, 1, LogicalType.intType(), LogicalType.intType()),
            call(AggFunction.MAX, 1, LogicalType.intType(), LogicalType.intType()),
            countDistinct(1, LogicalType.intType()));

    @Test
    void anOrphanRetractionInABundleDoesNotCancelALaterInsert() throws Exception {
        List<Row> bundle = List.of(insert("alice", 10), delete("alice", 10), delete("alice", 10),
                insert("alice", 5), insert("bob", 7));

        assertThat(rowByRow(List.of(bundle))).containsExactly(
                "alice=+I[alice, 1, 5, 5, 5, 1]", "bob=+I[bob, 1, 7, 7, 7, 1]");
        assertThat(onePhase(List.of(bundle))).isEqualTo(rowByRow(List.of(bundle)));
        assertThat(twoPhase(List.of(bundle))).isEqualTo(rowByRow(List.of(bundle)));
    }

    @Test
    void anUpdateOfAKeyTheGlobalPhaseHasNotSeenKeepsItsNewRow() throws Exception {
        List<List<Row>> bundles = List.of(List.of(insert("a", 1)),
                List.of(delete("b", 3), insert("b", 4), delete("a", 1), delete("a", 1), insert("a", 2)));

        assertThat(rowByRow(bundles)).containsExactly("a=+I[a, 1, 2, 2, 2, 1]", "b=+I[b, 1, 4, 4, 4, 1]");
        assertThat(twoPhase(bundles)).isEqualTo(rowByRow(bundles));
    }

    @Test
    void randomChangelogsWithOrphanAndMismatchedRetractionsLeaveTheSameTable() throws Exception {
        for (long seed = 0; seed < 150; seed++) {
            List<List<Row>> bundles = randomBundles(new Random(seed));
            List<String> expected = rowByRow(bundles);
            assertThat(onePhase(bundles)).as("one phase, seed %d: %s", seed, bundles).isEqualTo(expected);
            assertThat(twoPhase(bundles)).as("two phases, seed %d: %s", seed, bundles).isEqualTo(expected);
        }
    }

    /** Up to 6 bundles of up to 8 rows over keys a, b, c: mostly consistent changes, some retractions of anything. */
    private static List<List<Row>> randomBundles(Random random) {
        Map<String, List<Integer>> inserted = new TreeMap<>();
        List<List<Row>> bundles = new ArrayList<>();
        int bundleCount = 1 + random.nextInt(6);
        for (int b = 0; b < bundleCount; b++) {
            List<Row> bundle = new ArrayList<>();
            int size = 1 + random.nextInt(8);
            for (int i = 0; i < size; i++) {
                String key = String.valueOf((char) ('a' + random.nextInt(3)));
                List<Integer> values = inserted.computeIfAbsent(key, k -> new ArrayList<>());
                int choice = random.nextInt(10);
                Integer value = random.nextInt(5) == 0 ? null : random.nextInt(6);
                if (choice < 5) {
                    values.add(value);
                    bundle.add(new Row(random.nextBoolean() ? RowKind.INSERT : RowKind.UPDATE_AFTER, new Object[] {key, value}));
                } else if (choice < 8 && !values.isEmpty()) {
                    Integer taken = values.remove(random.nextInt(values.size()));
                    bundle.add(new Row(random.nextBoolean() ? RowKind.DELETE : RowKind.UPDATE_BEFORE, new Object[] {key, taken}));
                } else {
                    bundle.add(new Row(RowKind.DELETE, new Object[] {key, value}));
                }
            }
            bundles.add(bundle);
        }
        return bundles;
    }

    private static List<String> rowByRow(List<List<Row>> bundles) throws Exception {
        var operator = SnapshottingHarness.of(() -> GroupAggOperator.of(groupAgg(KEYS, CALLS, true, false, 0)));
        TreeMap<Object, Row> table = new TreeMap<>();
        for (List<Row> bundle : bundles) {
            operator.process(bundle.toArray(Row[]::new));
            materialize(operator.takeRows(), table);
        }
        return asText(table);
    }

    private static List<String> onePhase(List<List<Row>> bundles) throws Exception {
        var operator = SnapshottingHarness.of(() -> GroupAggOperator.of(groupAgg(KEYS, CALLS, true, true, 0)));
        TreeMap<Object, Row> table = new TreeMap<>();
        for (List<Row> bundle : bundles) {
            operator.process(bundle.toArray(Row[]::new)).endOfBundle();
            materialize(operator.takeRows(), table);
        }
        return asText(table);
    }

    private static List<String> twoPhase(List<List<Row>> bundles) throws Exception {
        var local = SnapshottingHarness.of(() -> new LocalGroupAggOperator(new ExecNodes.LocalGroupAggregate(1, null,
                KEYS, CALLS, AggregateNodes.outputType(1, CALLS), ChangelogMode.insertOnly())));
        var global = SnapshottingHarness.of(() -> GroupAggOperator.global(new ExecNodes.GlobalGroupAggregate(2, null,
                KEYS, CALLS, true, 0, AggregateNodes.outputType(1, CALLS), ChangelogMode.all())));
        TreeMap<Object, Row> table = new TreeMap<>();
        for (List<Row> bundle : bundles) {
            local.process(bundle.toArray(Row[]::new)).endOfBundle();
            global.process(local.takeRows().toArray(Row[]::new)).endOfBundle();
            materialize(global.takeRows(), table);
        }
        return asText(table);
    }

    /** Applies a changelog to a table keyed by the first field, as an upsert sink does. */
    private static void materialize(List<Row> changes, TreeMap<Object, Row> table) {
        for (Row change : changes) {
            if (change.kind() == RowKind.INSERT || change.kind() == RowKind.UPDATE_AFTER) {
                table.put(change.fields()[0], new Row(RowKind.INSERT, change.fields()));
            } else if (change.kind() == RowKind.DELETE) {
                table.remove(change.fields()[0]);
            }
        }
    }

    private static List<String> asText(TreeMap<Object, Row> table) {
        return table.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue()).toList();
    }
}
