package io.sluice.jdbc;

/**
 * A jdbc sink's exactly-once parts for an engine that runs the two phases of a commit in operators of
 * its own, such as Flink's Sink V2: each writer subtask fills a {@link CheckpointBuffer} and seals it at
 * every checkpoint; the engine keeps the sealed batches in its checkpoint and, once that checkpoint is
 * durable, hands them to {@link CheckpointCommits}, which writes each together with its subtask's
 * progress row in one transaction. Every sink of {@link JdbcDynamicTableFactory} is one.
 */
public interface TwoPhaseJdbcSink {

    /** An empty buffer for one writer subtask, bounded by {@code sink.exactly-once.max-buffered-rows}. */
    CheckpointBuffer newCheckpointBuffer();

    /**
     * Connects and claims the progress row of writer subtask {@code subtask} (a new epoch, which fences
     * off every older attempt); creates the table ({@code sink.auto-create}) and the progress table when
     * missing.
     *
     * @param freshStart true when the job does not resume from a checkpoint: checkpoints an earlier run
     *                   committed are forgotten
     */
    CheckpointCommits openCheckpointCommits(String jobId, int subtask, int parallelism, boolean freshStart)
            throws Exception;
}
