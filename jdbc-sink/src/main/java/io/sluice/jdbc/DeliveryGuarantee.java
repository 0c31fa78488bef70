package io.sluice.jdbc;

/** What a jdbc sink promises about each change after failures and restores ({@code sink.delivery-guarantee}). */
public enum DeliveryGuarantee {
    /**
     * Rows are flushed as they come (max-rows, interval, checkpoint); after a restore the changes since
     * the last checkpoint are written again: the table converges, but may briefly show older values and
     * triggers fire again.
     */
    AT_LEAST_ONCE,
    /**
     * Rows are written only when a checkpoint is durable, together with the sink's progress row in one
     * transaction: no change is lost or applied twice, at the cost of a checkpoint interval of latency.
     */
    EXACTLY_ONCE
}
