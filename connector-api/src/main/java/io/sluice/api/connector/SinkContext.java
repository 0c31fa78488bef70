package io.sluice.api.connector;

import java.util.function.Consumer;

/**
 * What a {@link SinkWriter} knows of the job it runs in.
 *
 * @param jobId         a name stable across restarts of the same job (for progress tables and logs)
 * @param subtaskIndex  this writer's subtask, 0-based
 * @param parallelism   the number of subtasks writing this table
 * @param failureHandler called by a writer's background threads (a flush timer) to fail the job at once
 *                       with the cause; the runtime then stops the job and reports it
 */
public record SinkContext(String jobId, int subtaskIndex, int parallelism, Consumer<Throwable> failureHandler) {
}
