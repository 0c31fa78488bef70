package io.sluice.runtime.execution;

import io.sluice.api.options.ValidationException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A checkpoint every subtask acknowledged: operator states and source positions by node id and
 * subtask, with the plan fingerprint and each node's parallelism, which a restore must match. Stored in
 * {@link io.sluice.runtime.state.StateCodec}'s format by {@link CheckpointStorage}.
 *
 * @param planNodes the lines {@code planFingerprint} hashes, to name what differs; null in a checkpoint
 *                  written before they were kept
 */
record CompletedCheckpoint(String jobId, String planFingerprint, List<String> planNodes, long checkpointId,
                           Map<Integer, Integer> parallelism, Map<String, Serializable> operatorStates,
                           Map<String, Map<String, Long>> sourcePositions) {

    CompletedCheckpoint {
        planNodes = planNodes == null ? null : new ArrayList<>(planNodes);
        parallelism = new HashMap<>(parallelism);
        operatorStates = new HashMap<>(operatorStates);
        sourcePositions = new HashMap<>(sourcePositions);
    }

    static String key(int nodeId, int subtask) {
        return nodeId + "/" + subtask;
    }

    Serializable operatorState(int nodeId, int subtask) {
        return operatorStates.get(key(nodeId, subtask));
    }

    /** The reader position of a source subtask, or null when the checkpoint has none. */
    Map<String, Long> sourcePosition(int nodeId, int subtask) {
        return sourcePositions.get(key(nodeId, subtask));
    }

    /**
     * @throws ValidationException when the checkpoint at {@code path} was written by another plan or
     *                             with other parallelism
     */
    void checkRestorableInto(PlanFingerprint fingerprint, Map<Integer, Integer> nodeParallelism, Path path) {
        if (!fingerprint.matches(planFingerprint)) {
            String differences = planNodes == null ? ""
                    : "; what differs: " + String.join("; ", fingerprint.differencesFrom(planNodes));
            throw new ValidationException("Checkpoint " + path + " was written by a different plan (fingerprint "
                    + planFingerprint + ", this job's plan has " + fingerprint.hash()
                    + "): restore it only into the same statements with the same tables (options other than "
                    + "'connector' may change)" + differences);
        }
        for (Map.Entry<Integer, Integer> entry : new TreeMap<>(nodeParallelism).entrySet()) {
            Integer saved = parallelism.get(entry.getKey());
            if (saved != null && !saved.equals(entry.getValue())) {
                throw new ValidationException("Checkpoint " + path + " was written with parallelism " + saved
                        + " for plan node " + entry.getKey() + ", the job now runs it with " + entry.getValue()
                        + ": set '" + ExecutionOptions.PARALLELISM.key() + "' (or the sink's parallelism) back");
            }
        }
    }
}
