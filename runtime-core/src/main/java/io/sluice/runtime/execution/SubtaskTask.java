package io.sluice.runtime.execution;

import io.sluice.api.connector.SinkWriter;
import java.io.Serializable;
import java.util.Map;

/**
 * The thread body of one stage subtask: opens and restores the chain, processes its input until it
 * ends, lets every operator emit what is left, closes. A failure is reported to the attempt, which
 * stops the other subtasks; the chain is closed in any case.
 */
abstract class SubtaskTask implements Runnable {
    protected final SubtaskChain chain;
    protected final JobAttempt attempt;
    private final TaskKey key;
    private long committedCheckpoint = -1;
    /** Set once the chain starts closing; guarded by {@code this}, as {@link #interrupt} reads it. */
    private boolean closing;

    SubtaskTask(SubtaskChain chain, JobAttempt attempt) {
        this.chain = chain;
        this.attempt = attempt;
        this.key = new TaskKey(chain.stage().id(), chain.subtask());
    }

    TaskKey key() {
        return key;
    }

    @Override
    public final void run() {
        boolean closed = false;
        try {
            chain.open(attempt.configuration(), attempt.restoredFrom());
            openInput();
            process();
            chain.endInput();
            TaskSnapshot last = attempt.isCheckpointing() ? snapshot(chain.finalSnapshot()) : null;
            boolean commits = chain.writesOnCommit();
            if (commits) {
                commitAfterLastCheckpoint(last);
            }
            closed = true;
            beginClose();
            close();
            if (!commits) {
                attempt.taskFinished(key, last);
            }
        } catch (TaskCancelledException e) {
            // The attempt is stopping; whoever stopped it reports why.
        } catch (Throwable t) {
            attempt.fail(t);
        } finally {
            if (!closed) {
                closeAfterFailure();
            }
            attempt.taskExited();
        }
    }

    /** Prepares the input (a source reader) after the operators are open. */
    void openInput() throws Exception {
    }

    /** Processes input until every input ended. */
    abstract void process() throws Exception;

    /** This subtask's part of a checkpoint, from its operators' {@code states}. */
    abstract TaskSnapshot snapshot(Map<Integer, Serializable> states);

    /** Releases the input; called once, also after a failure. */
    void closeInput() throws Exception {
    }

    /**
     * A chain whose sinks write on commit finishes in two phases too: its last snapshot goes into the
     * job's last checkpoint, and the sinks commit only once that checkpoint is durable.
     */
    private void commitAfterLastCheckpoint(TaskSnapshot last) {
        attempt.taskFinishedAwaitingCommit(key, last);
        attempt.awaitLastCheckpoint();
        chain.commitCheckpoint(SinkWriter.END_OF_INPUT);
    }

    /** Tells the chain's sinks about the newest durable checkpoint, once; called between inputs. */
    void commitDurableCheckpoints() {
        long durable = attempt.durableCheckpoint();
        if (durable > committedCheckpoint) {
            committedCheckpoint = durable;
            chain.commitCheckpoint(durable);
            checkpointDurable(durable);
        }
    }

    /** Checkpoint {@code checkpointId}, and every one before it, is durable. No-op by default. */
    void checkpointDurable(long checkpointId) {
    }

    /** Acknowledges checkpoint {@code checkpointId} after the chain snapshotted and passed the barrier on. */
    void checkpoint(long checkpointId) {
        attempt.acknowledge(key, checkpointId, snapshot(chain.checkpoint(checkpointId)));
    }

    private void close() throws Exception {
        Exception failure = chain.close();
        closeInput();
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Interrupts {@code thread}, this subtask's, to make it leave a blocking wait when the attempt stops;
     * a subtask that began closing is not interrupted, since an interrupt would cut its sinks' last flush short.
     */
    synchronized void interrupt(Thread thread) {
        if (!closing) {
            thread.interrupt();
        }
    }

    /**
     * From here on no stop interrupts this subtask, and an interrupt that came before, having done its
     * work, is cleared: the sinks' last flush runs to its end, so a cancelled job writes what its sinks
     * hold, as one that ended does, whenever the stop came.
     */
    private void beginClose() {
        synchronized (this) {
            closing = true;
        }
        Thread.interrupted();
    }

    /** Closes the chain of a subtask that was stopped or failed. */
    private void closeAfterFailure() {
        beginClose();
        chain.close();
        try {
            closeInput();
        } catch (Exception e) {
            attempt.fail(e);
        }
    }
}
