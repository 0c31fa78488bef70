package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.JobFailedException;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class JobRunTest {
    private static final AtomicInteger TABLE_NUMBER = new AtomicInteger();

    private final List<CountPerKeyOperator> counters = new CopyOnWriteArrayList<>();
    private final List<String> threadNames = new CopyOnWriteArrayList<>();
    private final OperatorFactory countingOperators = node -> {
        CountPerKeyOperator operator = new CountPerKeyOperator();
        counters.add(operator);
        return operator;
    };

    @Test
    void sharedSourceRunsOnceAndFeedsEveryConsumer() {
        TestTable words = table(words("a", "skip", "b"));
        TestTable upper = table(List.of());
        TestTable plain = table(List.of());
        ExecNodes.Source source = TestPlans.source(1, words.name);
        ExecPlan plan = plan(Map.of(), TestPlans.sink(3, TestPlans.upperCaseWithoutSkip(2, source), upper.name),
                TestPlans.sink(4, source, plain.name));

        AtomicReference<JobProgress> finished = new AtomicReference<>();
        JobObserver observer = new JobObserver() {
            @Override
            public void onFinished(JobProgress progress) {
                finished.set(progress);
            }
        };
        JobRun.start(plan, observer, row -> { }, countingOperators).await();

        assertThat(upper.writtenText()).containsExactly("+I[A]", "+I[B]");
        assertThat(plain.writtenText()).containsExactly("+I[a]", "+I[skip]", "+I[b]");
        assertThat(words.rowsRead.get()).isEqualTo(3);
        assertThat(finished.get().rowsIn()).isEqualTo(3);
        assertThat(finished.get().rowsOut()).isEqualTo(5);
        assertThat(finished.get().sinkMetrics()).containsEntry(upper.name, Map.of("rows-received", 2L))
                .containsEntry(plain.name, Map.of("rows-received", 3L));
    }

    @Test
    void hashExchangeKeepsEachKeyOnOneSubtask() {
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            input.add(Row.insert("key" + (i % 10)));
        }
        TestTable words = table(input);
        TestTable counts = table(List.of());
        OperatorFactory recordingThreads = node -> {
            threadNames.add(Thread.currentThread().getName());
            return new NamingCountOperator(threadNames);
        };
        ExecNode count = TestPlans.countPerWord(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0));

        start(plan(Map.of("parallelism.default", "2"), TestPlans.sink(4, count, counts.name)), recordingThreads).await();

        Map<Object, Set<Integer>> subtasksOfKey = new HashMap<>();
        synchronized (counts.written) {
            for (int i = 0; i < counts.written.size(); i++) {
                subtasksOfKey.computeIfAbsent(counts.written.get(i).field(0), k -> new HashSet<>())
                        .add(counts.writtenBySubtask.get(i));
            }
        }
        assertThat(subtasksOfKey).hasSize(10).allSatisfy((key, subtasks) -> assertThat(subtasks).hasSize(1));
        assertThat(new HashSet<>(counts.writtenBySubtask)).containsExactlyInAnyOrder(0, 1);
        assertThat(upsertTable(counts)).containsEntry("key0", 20L).containsEntry("key9", 20L).hasSize(10);
        assertThat(threadNames).anyMatch(name -> name.startsWith("GroupAggregate[3] -> Sink[4]")
                && name.endsWith("(2/2)"));
    }

    @Test
    void parallelismOneIsDeterministic() {
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            input.add(Row.insert("w" + (i * 7919 % 97)));
        }
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            TestTable words = table(input);
            List<String> collected = Collections.synchronizedList(new ArrayList<>());
            ExecNode count = TestPlans.countPerWord(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0));
            JobRun.start(plan(Map.of(), TestPlans.collect(5, TestPlans.singleton(4, count))), JobObserver.NONE,
                    row -> collected.add(row.toString()), countingOperators).await();
            runs.add(collected);
        }
        assertThat(runs.get(0)).hasSize(97 + 2 * (3000 - 97)).startsWith("+I[w0, 1]", "+I[w62, 1]");
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
        assertThat(runs.get(2)).isEqualTo(runs.get(0));
    }

    @Test
    void slowSinkHoldsTheSourceBackInsteadOfBuffering() throws Exception {
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 300_000; i++) {
            input.add(Row.insert("w" + i));
        }
        TestTable words = table(input);
        TestTable out = table(List.of());
        out.writeGate = new CountDownLatch(1);
        ExecPlan plan = plan(Map.of(), TestPlans.sink(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0), out.name));

        JobRun job = start(plan, countingOperators);
        long read;
        do {
            read = words.rowsRead.get();
            Thread.sleep(100);
        } while (words.rowsRead.get() != read);
        out.writeGate.countDown();
        job.await();

        assertThat(read).isLessThan(50_000);
        assertThat(out.written).hasSize(300_000);
    }

    @Test
    void miniBatchAssignerEndsABundleEverySizeRows() {
        TestTable words = table(words("a", "b", "a", "c", "a", "b", "d"));
        ExecNode count = TestPlans.countPerWord(4, TestPlans.hash(3,
                TestPlans.miniBatch(2, TestPlans.source(1, words.name), 3), 0));

        start(plan(Map.of(), TestPlans.collect(5, count)), countingOperators).await();

        assertThat(counters).hasSize(1);
        assertThat(counters.get(0).rowsPerBundle).containsExactly(3, 3);
    }

    @Test
    void watermarksAdvanceAndEndAtTheMaximumAfterEveryUpstreamSubtaskEnded() {
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            input.add(Row.insert(String.valueOf(i % 2 == 0 ? i : 1)));
        }
        TestTable seconds = table(input);
        ExecNode assigner = new ExecNodes.WatermarkAssigner(2, TestPlans.source(1, seconds.name), 0,
                TestPlans.secondsAsTimestamp(), TestPlans.WORD, ChangelogMode.insertOnly());
        ExecNode count = TestPlans.countPerWord(4, TestPlans.hash(3, assigner, 0));

        start(plan(Map.of("parallelism.default", "2", "pipeline.auto-watermark-interval", "1 ms"),
                TestPlans.collect(5, count)), countingOperators).await();

        assertThat(counters).hasSize(2).allSatisfy(counter ->
                assertThat(counter.watermarks).isSorted().doesNotHaveDuplicates().endsWith(Long.MAX_VALUE));
    }

    @Test
    void operatorFailureFailsTheJobWithItsCauseAndName() {
        TestTable words = table(words("a", "boom", "b"));
        words.unbounded = true;
        ArithmeticException boom = new ArithmeticException("cannot count boom");
        OperatorFactory failing = node -> (OneInputOperator) (row, output) -> {
            if ("boom".equals(row.field(0))) {
                throw boom;
            }
        };
        ExecNode count = TestPlans.countPerWord(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0));
        JobRun job = start(plan(Map.of("parallelism.default", "2"), TestPlans.collect(4, count)), failing);

        assertThatThrownBy(job::await).isInstanceOf(JobFailedException.class).hasCause(boom)
                .hasMessageContaining("GroupAggregate[3]").hasMessageContaining("+I[boom]");
    }

    @Test
    void failureReportedBySinkWriterFailsTheJob() {
        TestTable words = table(words("a", "b", "c"));
        words.unbounded = true;
        TestTable out = table(List.of());
        out.failAfterRows = 1;
        out.failAsynchronously = true;
        JobRun job = start(plan(Map.of(), TestPlans.sink(2, TestPlans.source(1, words.name), out.name)),
                countingOperators);

        assertThatThrownBy(job::await).isInstanceOf(JobFailedException.class)
                .hasMessageContaining("Sink[2] default_catalog.default_database." + out.name)
                .cause().hasMessage("sink " + out.name + " broke");
        assertThat(out.closed.get()).isEqualTo(1);
    }

    @Test
    void cancelStopsAnEndlessJob() throws Exception {
        TestTable words = table(words("a", "b"));
        words.unbounded = true;
        TestTable out = table(List.of());
        JobRun job = start(plan(Map.of("parallelism.default", "2"),
                TestPlans.sink(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0), out.name)), countingOperators);
        while (out.written.size() < 2) {
            Thread.sleep(5);
        }

        job.cancel();
        job.await();

        assertThat(out.closed.get()).isEqualTo(2);
    }

    @Test
    void restartStrategyRunsTheJobAgain() {
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            input.add(Row.insert("w" + i));
        }
        TestTable words = table(input);
        TestTable out = table(List.of());
        out.failAfterRows = 5;
        Map<String, String> config = Map.of("restart-strategy.fixed-delay.attempts", "1",
                "restart-strategy.fixed-delay.delay", "10 ms");

        start(plan(config, TestPlans.sink(2, TestPlans.source(1, words.name), out.name)), countingOperators).await();

        assertThat(out.failed).isTrue();
        assertThat(new HashSet<>(out.writtenText())).hasSize(20);
    }

    static Map<Object, Long> upsertTable(TestTable table) {
        Map<Object, Long> contents = new HashMap<>();
        synchronized (table.written) {
            for (Row row : table.written) {
                if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                    contents.put(row.field(0), (Long) row.field(1));
                } else if (row.kind() == RowKind.DELETE) {
                    contents.remove(row.field(0));
                }
            }
        }
        return contents;
    }

    static TestTable table(List<Row> rows) {
        TestTable table = TestTable.create("t" + TABLE_NUMBER.incrementAndGet());
        table.rows = rows;
        return table;
    }

    static List<Row> words(String... words) {
        return java.util.Arrays.stream(words).map(Row::insert).toList();
    }

    static ExecPlan plan(Map<String, String> configuration, ExecNode... roots) {
        return new ExecPlan(List.of(roots), configuration);
    }

    static JobRun start(ExecPlan plan, OperatorFactory operators) {
        return JobRun.start(plan, JobObserver.NONE, row -> { }, operators);
    }

    /** Counts like {@link CountPerKeyOperator} and notes the thread it runs on. */
    private static final class NamingCountOperator implements OneInputOperator {
        private final CountPerKeyOperator counter = new CountPerKeyOperator();
        private final List<String> threadNames;

        NamingCountOperator(List<String> threadNames) {
            this.threadNames = threadNames;
        }

        @Override
        public void processElement(Row row, Output output) {
            threadNames.add(Thread.currentThread().getName());
            counter.processElement(row, output);
        }
    }

}
