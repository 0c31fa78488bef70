package io.sluice.runtime.operators;

import java.util.Map;

/**
 * What a running operator instance knows of its place in the job.
 *
 * @param operatorName  the plan node's description, for error messages
 * @param subtaskIndex  0-based subtask of this instance
 * @param parallelism   number of subtasks of this operator
 * @param configuration the job configuration ({@code SET} values)
 * @param clock         processing time source; tests substitute a manual clock
 */
public record OperatorContext(String operatorName, int subtaskIndex, int parallelism,
                              Map<String, String> configuration, ProcessingClock clock) {

    /** Processing time in epoch milliseconds. */
    @FunctionalInterface
    public interface ProcessingClock {
        long currentTimeMillis();
    }
}
