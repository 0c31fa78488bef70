package io.sluice.runtime.execution;

import io.sluice.api.options.ValidationException;
import java.io.Serial;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A checkpoint every subtask acknowledged: operator states and source positions by node id and
 * subtask, with the plan fingerprint and each node's parallelism, which a restore must match.
 */
record CompletedCheckpoint(int formatVersion, String jobId, String planFingerprint, long checkpointId,
                           Map<Integer, Integer> parallelism, Map<String, Serializable> operatorStates,
                           Map<String, Map<String, Long>> sourcePositions) implements Serializable {
    /** 2: a source's position is a number per split (a Kafka partition), no longer one number. */
    static final int FORMAT_VERSION = 2;
    @Serial
    private static final long serialVersionUID = 1L;

    CompletedCheckpoint {
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
    void checkRestorableInto(String fingerprint, Map<Integer, Integer> nodeParallelism, Path path) {
        if (formatVersion != FORMAT_VERSION) {
            throw new ValidationException("Checkpoint " + path + " has format version " + formatVersion
                    + "; this runtime reads version " + FORMAT_VERSION);
        }
        if (!planFingerprint.equals(fingerprint)) {
            throw new ValidationException("Checkpoint " + path + " was written by a different plan (fingerprint "
                    + planFingerprint + ", this job's plan has " + fingerprint
                    + "): restore it only into the same statements with the same tables");
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
