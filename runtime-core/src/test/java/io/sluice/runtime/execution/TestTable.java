package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A table of the {@code test-table} connector: the rows its source serves (subtask i reads rows i,
 * i+p, ...) and what its sink was given, with knobs to slow down or fail either side.
 */
final class TestTable {
    private static final Map<String, TestTable> TABLES = new ConcurrentHashMap<>();

    final String name;
    volatile List<Row> rows = List.of();
    /** After its rows the source has nothing more, but does not end. */
    volatile boolean unbounded;
    /**
     * After every so many rows (0: never) the source says "nothing available" for {@link #PAUSE_MILLIS},
     * long enough for a checkpoint to come in between however busy the machine is.
     */
    volatile int pauseEvery;
    static final long PAUSE_MILLIS = 25;
    final AtomicLong rowsRead = new AtomicLong();

    volatile int sinkParallelism;
    /** Writes wait until this opens. */
    volatile CountDownLatch writeGate = new CountDownLatch(0);
    /** The sink fails (once) on the write after this many rows in total; -1: never. */
    volatile long failAfterRows = -1;
    /** The failure goes through the sink context's failure handler from another thread. */
    volatile boolean failAsynchronously;
    /**
     * The sink fails only after it took part in at least this many checkpoints. Seeing checkpoint N+1
     * means checkpoint N completed: the coordinator runs one at a time.
     */
    volatile int failAfterCheckpoints;
    final AtomicBoolean failed = new AtomicBoolean();
    /** The sink writes in two phases ({@link TwoPhaseWriter}): {@link #written} holds what it committed. */
    volatile boolean twoPhase;
    /** A two-phase sink ignores commits, as if its process died before each one. */
    volatile boolean commitsHeld;
    /** What a two-phase sink got back from a restored checkpoint. */
    final List<TwoPhaseWriter.Pending> restoredPending = Collections.synchronizedList(new ArrayList<>());
    /** The states a two-phase sink returned, by checkpoint id. */
    final Map<Long, List<TwoPhaseWriter.Pending>> sealedStates = new ConcurrentHashMap<>();
    /** Commits of a two-phase sink that came before their checkpoint was on disk. */
    final List<Long> commitsBeforeDurable = Collections.synchronizedList(new ArrayList<>());
    final List<Long> commits = Collections.synchronizedList(new ArrayList<>());
    final List<Row> written = Collections.synchronizedList(new ArrayList<>());
    final List<Integer> writtenBySubtask = Collections.synchronizedList(new ArrayList<>());
    final List<Long> snapshots = Collections.synchronizedList(new ArrayList<>());
    final AtomicLong closed = new AtomicLong();

    private TestTable(String name) {
        this.name = name;
    }

    static TestTable create(String name) {
        TestTable table = new TestTable(name);
        TABLES.put(name, table);
        return table;
    }

    static TestTable get(String name) {
        TestTable table = TABLES.get(name);
        if (table == null) {
            throw new IllegalStateException("No test table " + name);
        }
        return table;
    }

    /** True once, when the sink should fail on its next row after {@code rowsSoFar} rows. */
    boolean failsNow(long rowsSoFar) {
        return failAfterRows >= 0 && rowsSoFar >= failAfterRows && checkpointsSeen() >= failAfterCheckpoints
                && failed.compareAndSet(false, true);
    }

    long checkpointsSeen() {
        synchronized (snapshots) {
            return snapshots.stream().distinct().count();
        }
    }

    List<String> writtenText() {
        synchronized (written) {
            return written.stream().map(Row::toString).toList();
        }
    }
}
