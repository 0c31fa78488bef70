package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.Output;

/**
 * Where a node sends its rows and the markers that follow them: the input of a chained node, or the
 * channels to another stage. A row may be reused by the sender after the call returns.
 */
interface Downstream extends Output {

    void watermark(long timestamp);

    /**
     * The sender has no rows and no watermark to give for now (its source's splits all went idle): the
     * receiver stops waiting for its watermark. Its next row or watermark makes it count again.
     */
    void idle();

    void bundleEnd();

    /** Sends buffered rows on now (before blocking, or so that a slow input does not delay them). */
    default void flush() {
    }

    /** Fans out to several downstreams. */
    static Downstream of(Downstream... targets) {
        return targets.length == 1 ? targets[0] : new FanOut(targets);
    }

    /** Every downstream gets every row and marker, in order. */
    final class FanOut implements Downstream {
        private final Downstream[] targets;

        FanOut(Downstream[] targets) {
            this.targets = targets;
        }

        @Override
        public void emit(Row row) {
            for (Downstream target : targets) {
                target.emit(row);
            }
        }

        @Override
        public void watermark(long timestamp) {
            for (Downstream target : targets) {
                target.watermark(timestamp);
            }
        }

        @Override
        public void idle() {
            for (Downstream target : targets) {
                target.idle();
            }
        }

        @Override
        public void bundleEnd() {
            for (Downstream target : targets) {
                target.bundleEnd();
            }
        }

        @Override
        public void flush() {
            for (Downstream target : targets) {
                target.flush();
            }
        }
    }
}
