package io.sluice.jdbc.internal;

import java.util.Locale;

/** What started a flush. */
enum FlushReason {
    /** {@code sink.buffer-flush.max-rows} rows arrived since the last flush. */
    COUNT,
    /** {@code sink.buffer-flush.interval} passed since the last flush. */
    INTERVAL,
    /** A checkpoint: {@code snapshot} returns only after the flush committed. */
    CHECKPOINT,
    /** The runtime asked for it ({@code SinkWriter.flush()}), as at the end of a bounded input. */
    EXPLICIT,
    /** The writer closed at the end of the job. */
    CLOSE,
    /** Exactly-once: a checkpoint is durable and the rows sealed up to it are committed. */
    COMMIT;

    /** The metric suffix, such as {@code count}. */
    public String metricName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
