package io.sluice.runtime.operators;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows are (uuid, pmSign, amount, modifyDate); the sink key is uuid; modifyDate is CURRENT_TIMESTAMP. */
class SinkUpsertMaterializerOperatorTest {
    private static final int[] DETERMINISTIC = {0, 1, 2};
    private static final LocalDateTime T1 = LocalDateTime.parse("2026-10-09T10:00:00");
    private static final LocalDateTime T2 = T1.plusSeconds(1);
    private static final LocalDateTime T3 = T1.plusSeconds(2);

    @Test
    void retractionWithAnotherTimestampStillDeletesTheKeptRow() throws Exception {
        var sink = harness(new int[0], DETERMINISTIC, "DEDUPLICATE");

        sink.process(insert("u01", "01", 30, T1), delete("u01", "01", 30, T2), insert("u03", "03", 30, T3));

        assertThat(sink.takeOutput()).containsExactly("+I[u01, 01, 30, 2026-10-09T10:00]",
                "-D[u01, 01, 30, 2026-10-09T10:00]", "+I[u03, 03, 30, 2026-10-09T10:00:02]");
    }

    @Test
    void upsertKeysIdentifyTheUpdatedRow() throws Exception {
        var sink = harness(new int[] {1}, DETERMINISTIC, "DEDUPLICATE");

        sink.process(insert("u", "01", 30, T1), updateBefore("u", "01", 30, T2), updateAfter("u", "01", 50, T2));

        assertThat(sink.takeOutput()).containsExactly("+I[u, 01, 30, 2026-10-09T10:00]",
                "-D[u, 01, 30, 2026-10-09T10:00]", "+I[u, 01, 50, 2026-10-09T10:00:01]");
    }

    @Test
    void deduplicateShowsTheLastRowAndFallsBackWhenItGoes() throws Exception {
        var sink = harness(new int[0], DETERMINISTIC, "DEDUPLICATE");

        sink.process(insert("u", "01", 30, T1), insert("u", "02", 40, T1), insert("u", "01", 30, T2),
                delete("u", "02", 40, T3), delete("u", "01", 30, T3));

        assertThat(sink.takeOutput()).containsExactly("+I[u, 01, 30, 2026-10-09T10:00]",
                "+U[u, 02, 40, 2026-10-09T10:00]", "+U[u, 01, 30, 2026-10-09T10:00:01]",
                "-D[u, 01, 30, 2026-10-09T10:00:01]");
    }

    @Test
    void retractionMatchingNothingEmitsNothing() throws Exception {
        var sink = harness(new int[0], new int[0], "DEDUPLICATE");

        sink.process(insert("u", "01", 30, T1), delete("u", "01", 30, T2));

        assertThat(sink.takeOutput()).containsExactly("+I[u, 01, 30, 2026-10-09T10:00]");
    }

    private static SnapshottingHarness<SinkUpsertMaterializerOperator> harness(int[] upsertKeys, int[] matchFields,
                                                                               String strategy) throws Exception {
        RowType type = new RowType(List.of("uuid", "pmSign", "amount", "modifyDate"), List.of(LogicalType.string(),
                LogicalType.string(), LogicalType.intType(), LogicalType.timestamp(3)));
        var node = new ExecNodes.SinkUpsertMaterializer(1, null, new int[] {0}, upsertKeys, matchFields, strategy,
                type, ChangelogMode.upsert());
        return SnapshottingHarness.of(() -> new SinkUpsertMaterializerOperator(node));
    }
}
