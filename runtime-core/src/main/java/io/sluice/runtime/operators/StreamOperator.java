package io.sluice.runtime.operators;

import java.io.Serializable;

/**
 * The lifecycle every operator instance shares. One instance serves one subtask and is called from
 * one thread only, so it needs no locks. Operators never block.
 *
 * <p>State is saved and restored explicitly: {@link #snapshotState()} returns everything needed to
 * continue after a restore (keyed state included); {@link #restoreState} takes it back before the
 * first element.
 */
public interface StreamOperator {

    default void open(OperatorContext context) throws Exception {
    }

    /** Event time advanced to {@code watermark} (epoch millis of the rowtime, UTC): fire what is due. */
    default void processWatermark(long watermark, Output output) throws Exception {
    }

    /** A mini-batch bundle ended: emit what the bundle changed (one change per key). */
    default void endOfBundle(Output output) throws Exception {
    }

    /** All inputs ended (bounded job): emit what is left. Called once, before {@link #close()}. */
    default void endInput(Output output) throws Exception {
    }

    /** The operator's state for a checkpoint; null when it has none. Must not be changed afterwards. */
    default Serializable snapshotState() throws Exception {
        return null;
    }

    /** Restores what {@link #snapshotState()} returned. */
    default void restoreState(Serializable state) throws Exception {
    }

    default void close() throws Exception {
    }
}
