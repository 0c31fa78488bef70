package io.sluice.bench.sink;

/**
 * A {@link CountingDriver} whose connections build no arrays, as some PostgreSQL-protocol drivers do.
 * The PostgreSQL dialect offers no option to choose its batch strategy: it writes set-based through
 * arrays when the driver builds them and falls back to JDBC batches otherwise, so this driver is how
 * the benchmark measures the fallback.
 */
public final class ArraylessDriver extends CountingDriver {

    @Override
    protected boolean arrays() {
        return false;
    }
}
