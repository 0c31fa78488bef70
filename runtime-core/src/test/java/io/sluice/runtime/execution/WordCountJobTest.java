package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.JobExecutor;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import io.sluice.runtime.plan.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Seed 000's word count through {@link JobExecutor} with the real operators and the {@code values} connector. */
@Timeout(60)
class WordCountJobTest {
    private static final List<AggregateCall> COUNT_STAR = List.of(new AggregateCall(AggregateCall.AggFunction.COUNT,
            -1, false, false, null, LogicalType.bigint().notNull(), "cnt"));
    private static final ChangelogMode RETRACT = ChangelogMode.of(RowKind.INSERT, RowKind.UPDATE_BEFORE,
            RowKind.UPDATE_AFTER);

    private final List<String> collected = Collections.synchronizedList(new ArrayList<>());

    @Test
    void groupAggregationEmitsTheFullChangelog() {
        ExecNode count = new ExecNodes.GroupAggregate(3, TestPlans.hash(2, words(1), 0), new int[] {0}, COUNT_STAR,
                true, false, 0, TestPlans.WORD_COUNT, RETRACT);
        AtomicReference<JobProgress> finished = new AtomicReference<>();
        JobObserver observer = new JobObserver() {
            @Override
            public void onFinished(JobProgress progress) {
                finished.set(progress);
            }
        };

        JobExecutor.submit(new ExecPlan(List.of(TestPlans.collect(4, count)), Map.of()), observer, row ->
                collected.add(row.toString())).await();

        assertThat(collected).containsExactly("+I[a, 1]", "-U[a, 1]", "+U[a, 2]", "+I[b, 1]", "-U[a, 2]", "+U[a, 3]",
                "+I[c, 1]", "-U[b, 1]", "+U[b, 2]");
        assertThat(finished.get().rowsIn()).isEqualTo(6);
    }

    @Test
    void twoPhaseMiniBatchEmitsOneChangePerKey() {
        RowType partial = new RowType(List.of("word", "count1$0"), List.of(LogicalType.string(), LogicalType.bigint()));
        ExecNode miniBatch = new ExecNodes.MiniBatchAssigner(2, words(1), 1000, 1000, TestPlans.WORD,
                ChangelogMode.insertOnly());
        ExecNode local = new ExecNodes.LocalGroupAggregate(3, miniBatch, new int[] {0}, COUNT_STAR, partial,
                ChangelogMode.insertOnly());
        ExecNode global = new ExecNodes.GlobalGroupAggregate(5, TestPlans.hash(4, local, 0), new int[] {0}, COUNT_STAR,
                true, 0, TestPlans.WORD_COUNT, RETRACT);

        JobExecutor.submit(new ExecPlan(List.of(TestPlans.collect(6, global)), Map.of("parallelism.default", "2")),
                JobObserver.NONE, row -> collected.add(row.toString())).await();

        assertThat(collected).containsExactlyInAnyOrder("+I[a, 3]", "+I[b, 2]", "+I[c, 1]");
    }

    private static ExecNodes.Source words(int id) {
        ObjectIdentifier table = ObjectIdentifier.of("words");
        Map<String, String> options = Map.of("connector", "values",
                "rows", "+I[a]\n+I[a]\n+I[b]\n+I[a]\n+I[c]\n+I[b]");
        return new ExecNodes.Source(id, table, TableSchema.of(List.of(new Column("word", LogicalType.string()))),
                options, new int[] {0}, TestPlans.WORD, ChangelogMode.insertOnly());
    }
}
