package io.sluice.runtime.execution;

import java.io.Serializable;
import java.util.Map;

/**
 * What one stage subtask contributed to a checkpoint: its operators' states and, for a source
 * subtask, the reader's position, both by node id.
 */
record TaskSnapshot(Map<Integer, Serializable> operatorStates, Map<Integer, Map<String, Long>> sourcePositions) {
}
