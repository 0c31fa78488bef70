package io.sluice.runtime.execution;

/** How rows cross from one stage's subtasks to the next stage's subtasks. */
enum Routing {
    /** By a hash of key fields. */
    HASH,
    /** Everything to subtask 0. */
    SINGLETON,
    /** Subtask i to subtask i (equal parallelism). */
    FORWARD;

    /** The number of upstream subtasks one downstream subtask hears from. */
    int channelsPerTarget(int upstreamParallelism) {
        return this == FORWARD ? 1 : upstreamParallelism;
    }
}
