package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * One run of a job: every stage subtask wired to its chain and queues, each on its own daemon
 * thread. The first failure stops all subtasks; so does {@link #stop()}.
 */
final class JobAttempt {
    /** Input queue length of a subtask, in elements (a batch holds up to {@value ChannelWriter#BATCH_SIZE} rows). */
    private static final int QUEUE_CAPACITY = 32;
    /** How often a subtask waiting for the last checkpoint checks whether the attempt stops. */
    private static final long STOP_CHECK_MILLIS = 20;

    private final JobSetup setup;
    private final CompletedCheckpoint restoredFrom;
    private final Map<Stage, BlockingQueue<ChannelElement>[]> queues = new IdentityHashMap<>();
    private final Map<StageEdge, Integer> channelOffsets = new IdentityHashMap<>();
    private final Map<StageEdge, Stage> targetStages = new IdentityHashMap<>();
    private final List<SubtaskTask> tasks = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final JobCounters counters = new JobCounters();
    private final CheckpointCoordinator coordinator;
    private final CountDownLatch exited;
    private final CountDownLatch lastCheckpointDurable = new CountDownLatch(1);
    private final AtomicInteger awaitingLastCheckpoint = new AtomicInteger();
    private volatile long durableCheckpoint = -1;
    private volatile Throwable failure;
    private volatile boolean stopping;
    private volatile boolean draining;

    JobAttempt(JobSetup setup, CompletedCheckpoint restoredFrom) {
        this.setup = setup;
        this.restoredFrom = restoredFrom;
        createQueues();
        Map<TaskKey, LongConsumer> sourceTriggers = new HashMap<>();
        for (Stage stage : setup.stages()) {
            for (int subtask = 0; subtask < stage.parallelism(); subtask++) {
                SubtaskTask task = createTask(stage, buildChain(stage, subtask));
                tasks.add(task);
                if (task instanceof SourceTask source) {
                    sourceTriggers.put(task.key(), source::triggerCheckpoint);
                    counters.addSource(source);
                }
            }
        }
        this.coordinator = new CheckpointCoordinator(tasks.stream().map(SubtaskTask::key).toList(), sourceTriggers);
        this.exited = new CountDownLatch(tasks.size());
    }

    @SuppressWarnings("unchecked")
    private void createQueues() {
        for (Stage stage : setup.stages()) {
            int offset = 0;
            for (StageEdge edge : stage.inputs()) {
                channelOffsets.put(edge, offset);
                targetStages.put(edge, stage);
                offset += edge.routing().channelsPerTarget(edge.fromStage().parallelism());
            }
            if (!stage.inputs().isEmpty()) {
                BlockingQueue<ChannelElement>[] stageQueues = new BlockingQueue[stage.parallelism()];
                for (int i = 0; i < stageQueues.length; i++) {
                    stageQueues[i] = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
                }
                queues.put(stage, stageQueues);
            }
        }
    }

    private SubtaskChain buildChain(Stage stage, int subtask) {
        List<ExecNode> planNodes = stage.nodes();
        Map<Integer, ChainedNode> built = new HashMap<>();
        ChainedNode[] nodes = new ChainedNode[planNodes.size()];
        List<ChannelWriter> writers = new ArrayList<>();
        for (int i = planNodes.size() - 1; i >= 0; i--) {
            ExecNode node = planNodes.get(i);
            List<Downstream> targets = new ArrayList<>();
            for (PlanTopology.Consumer consumer : setup.topology().consumersOf(node)) {
                ChainedNode chained = built.get(consumer.node().id());
                if (chained != null) {
                    targets.add(chained.input(consumer.side()));
                }
            }
            for (StageEdge edge : stage.outputs()) {
                if (edge.from().id() == node.id()) {
                    ChannelWriter writer = writer(edge, subtask);
                    writers.add(writer);
                    targets.add(writer);
                }
            }
            String name = OperatorNames.qualified(node);
            nodes[i] = new ChainedNode(node.id(), name, setup.createOperator(node, cause -> fail(
                    new OperatorFailure(name, cause))), node.inputs().size(), Downstream.of(targets.toArray(Downstream[]::new)));
            built.put(node.id(), nodes[i]);
            counters.addOperator(nodes[i].operator(),
                    node instanceof ExecNodes.Sink sink ? sink.table().table() : name);
        }
        return new SubtaskChain(stage, subtask, List.of(nodes), writers);
    }

    private ChannelWriter writer(StageEdge edge, int subtask) {
        BlockingQueue<ChannelElement>[] targets = queues.get(targetStages.get(edge));
        int offset = channelOffsets.get(edge);
        if (edge.routing() == Routing.FORWARD) {
            @SuppressWarnings("unchecked")
            BlockingQueue<ChannelElement>[] one = new BlockingQueue[] {targets[subtask]};
            return new ChannelWriter(one, offset, edge.routing(), edge.keys());
        }
        return new ChannelWriter(targets, offset + subtask, edge.routing(), edge.keys());
    }

    private SubtaskTask createTask(Stage stage, SubtaskChain chain) {
        if (stage.source() != null) {
            return new SourceTask(chain, this, stage.source(), setup.connectors().source(stage.source()));
        }
        List<StageEdge> inputs = stage.inputs();
        int[] channelsPerEdge = new int[inputs.size()];
        Downstream[] edgeTargets = new Downstream[inputs.size()];
        for (int i = 0; i < inputs.size(); i++) {
            StageEdge edge = inputs.get(i);
            channelsPerEdge[i] = edge.routing().channelsPerTarget(edge.fromStage().parallelism());
            edgeTargets[i] = chain.node(edge.to().id()).input(edge.side());
        }
        return new ChannelTask(chain, this, queues.get(stage)[chain.subtask()], channelsPerEdge, edgeTargets);
    }

    void start() {
        for (SubtaskTask task : tasks) {
            Thread thread = new Thread(task, task.chain.threadName());
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    Map<String, String> configuration() {
        return setup.options().asMap();
    }

    /** The checkpoint this attempt resumes from, or null. */
    CompletedCheckpoint restoredFrom() {
        return restoredFrom;
    }

    boolean isCheckpointing() {
        return setup.options().checkpointIntervalMillis() > 0;
    }

    CheckpointCoordinator coordinator() {
        return coordinator;
    }

    JobCounters counters() {
        return counters;
    }

    void acknowledge(TaskKey task, long checkpointId, TaskSnapshot snapshot) {
        coordinator.acknowledge(task, checkpointId, snapshot);
    }

    void taskFinished(TaskKey task, TaskSnapshot finalSnapshot) {
        if (finalSnapshot != null) {
            coordinator.finished(task, finalSnapshot);
        }
    }

    /**
     * A subtask whose sinks write on commit finished its input; it waits in {@link #awaitLastCheckpoint()}
     * for the job's last checkpoint, which {@link #needsLastCheckpoint()} asks for.
     */
    void taskFinishedAwaitingCommit(TaskKey task, TaskSnapshot finalSnapshot) {
        awaitingLastCheckpoint.incrementAndGet();
        coordinator.finished(task, finalSnapshot);
    }

    /** True when every subtask finished and one of them waits for the last checkpoint to commit. */
    boolean needsLastCheckpoint() {
        return awaitingLastCheckpoint.get() > 0 && lastCheckpointDurable.getCount() > 0
                && coordinator.allFinished();
    }

    /** Checkpoint {@code checkpointId} was written; subtasks pass it on to their sinks between inputs. */
    void checkpointDurable(long checkpointId) {
        durableCheckpoint = checkpointId;
    }

    /** The job's last checkpoint, taken after every subtask finished, was written. */
    void lastCheckpointDurable() {
        lastCheckpointDurable.countDown();
    }

    /** True once the job's last checkpoint, of every subtask's final snapshot, was written. */
    boolean lastCheckpointTaken() {
        return lastCheckpointDurable.getCount() == 0;
    }

    /** The newest checkpoint written in this attempt, or -1. */
    long durableCheckpoint() {
        return durableCheckpoint;
    }

    /**
     * Waits until the job's last checkpoint was written.
     *
     * @throws TaskCancelledException when the attempt stops first
     */
    void awaitLastCheckpoint() {
        try {
            while (!lastCheckpointDurable.await(STOP_CHECK_MILLIS, TimeUnit.MILLISECONDS)) {
                if (stopping) {
                    throw new TaskCancelledException();
                }
            }
        } catch (InterruptedException e) {
            throw new TaskCancelledException();
        }
    }

    void taskExited() {
        exited.countDown();
    }

    /** Records the first failure (unless the attempt is already stopping) and stops every subtask. */
    void fail(Throwable cause) {
        synchronized (this) {
            if (failure == null && !stopping) {
                failure = cause;
            }
        }
        stop();
    }

    /**
     * Stops every subtask: each that has not begun closing is interrupted once, to leave a blocking wait,
     * and then closes its chain with its interrupt status cleared. An interrupt during that close would
     * cost the sinks the rows they hold, so a closing subtask is left alone and a stop after the first
     * one does nothing more.
     */
    void stop() {
        synchronized (this) {
            if (stopping) {
                return;
            }
            stopping = true;
        }
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i) != Thread.currentThread()) {
                tasks.get(i).interrupt(threads.get(i));
            }
        }
    }

    /** Makes every source end its input at its next row. */
    void drain() {
        draining = true;
    }

    boolean isDraining() {
        return draining;
    }

    boolean isStopping() {
        return stopping;
    }

    Throwable failure() {
        return failure;
    }

    /** Waits until every subtask thread ended; false on timeout. */
    boolean awaitExit(long millis) throws InterruptedException {
        return exited.await(millis, TimeUnit.MILLISECONDS);
    }
}
