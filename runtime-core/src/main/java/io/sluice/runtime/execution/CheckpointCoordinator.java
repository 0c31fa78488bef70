package io.sluice.runtime.execution;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Runs one checkpoint at a time within a job attempt: asks the running source subtasks to inject
 * barrier N, collects every subtask's acknowledgement, and hands out the completed checkpoint. A
 * subtask that finished counts with its final snapshot: it finished only after all its input did,
 * so that snapshot is consistent with every later checkpoint.
 */
final class CheckpointCoordinator {
    private final List<TaskKey> tasks;
    private final Map<TaskKey, LongConsumer> sourceTriggers;
    private final Map<TaskKey, TaskSnapshot> finished = new HashMap<>();
    private Map<TaskKey, TaskSnapshot> acknowledged;
    private long pendingId = -1;
    private long triggeredNanos;

    /**
     * @param tasks          every subtask of the attempt
     * @param sourceTriggers how to ask each source subtask to inject a barrier
     */
    CheckpointCoordinator(List<TaskKey> tasks, Map<TaskKey, LongConsumer> sourceTriggers) {
        this.tasks = tasks;
        this.sourceTriggers = sourceTriggers;
    }

    /** Starts checkpoint {@code checkpointId}; false when one is still running or every source finished. */
    synchronized boolean trigger(long checkpointId) {
        if (pendingId >= 0 || sourceTriggers.keySet().stream().allMatch(finished::containsKey)) {
            return false;
        }
        pendingId = checkpointId;
        triggeredNanos = System.nanoTime();
        acknowledged = new HashMap<>();
        sourceTriggers.forEach((task, trigger) -> {
            if (!finished.containsKey(task)) {
                trigger.accept(checkpointId);
            }
        });
        return true;
    }

    synchronized void acknowledge(TaskKey task, long checkpointId, TaskSnapshot snapshot) {
        if (checkpointId == pendingId) {
            acknowledged.put(task, snapshot);
        }
    }

    synchronized void finished(TaskKey task, TaskSnapshot finalSnapshot) {
        finished.put(task, finalSnapshot);
    }

    synchronized boolean allFinished() {
        return finished.keySet().containsAll(tasks);
    }

    /**
     * The job's last checkpoint {@code checkpointId}, of every subtask's final snapshot; null while a
     * subtask runs or another checkpoint is pending (it completes first, from the same snapshots).
     */
    synchronized Completed lastCheckpoint(long checkpointId) {
        if (pendingId >= 0 || !allFinished()) {
            return null;
        }
        return new Completed(checkpointId, new HashMap<>(finished), System.nanoTime());
    }

    /** The pending checkpoint's snapshots once every subtask acknowledged or finished, else null. */
    synchronized Completed pollCompleted() {
        if (pendingId < 0 || !tasks.stream().allMatch(t -> acknowledged.containsKey(t) || finished.containsKey(t))) {
            return null;
        }
        Map<TaskKey, TaskSnapshot> snapshots = new HashMap<>(finished);
        snapshots.putAll(acknowledged);
        Completed completed = new Completed(pendingId, snapshots, triggeredNanos);
        pendingId = -1;
        acknowledged = null;
        return completed;
    }

    /**
     * The snapshots of a checkpoint every subtask took part in; {@code triggeredNanos} when it started
     * ({@link System#nanoTime()}).
     */
    record Completed(long checkpointId, Map<TaskKey, TaskSnapshot> snapshots, long triggeredNanos) {

        /** Operator states and source positions keyed by node id and subtask. */
        void collectInto(Map<String, Serializable> operatorStates, Map<String, Map<String, Long>> sourcePositions) {
            snapshots.forEach((task, snapshot) -> {
                snapshot.operatorStates().forEach((node, state) ->
                        operatorStates.put(CompletedCheckpoint.key(node, task.subtask()), state));
                snapshot.sourcePositions().forEach((node, position) ->
                        sourcePositions.put(CompletedCheckpoint.key(node, task.subtask()), position));
            });
        }
    }
}
