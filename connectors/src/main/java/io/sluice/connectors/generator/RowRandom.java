package io.sluice.connectors.generator;

/**
 * Random numbers that are a pure function of (seed, row index): a SplitMix64 stream restarted for
 * every row, so that any row can be generated again, in any order, after a restore. Shared by the
 * generating connectors ({@code datagen}, {@code nexmark}).
 */
public final class RowRandom {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private final long seed;
    private long state;

    public RowRandom(long seed) {
        this.seed = seed;
    }

    /** Restarts the stream for row {@code rowIndex}. */
    public void startRow(long rowIndex) {
        state = mix(seed + mix(rowIndex + GOLDEN_GAMMA));
    }

    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in {@code [min, max]}, both inclusive. */
    public long nextLong(long min, long max) {
        long span = max - min + 1;
        if (span > 0) {
            return min + Math.floorMod(nextLong(), span);
        }
        long value = nextLong();
        while (value < min || value > max) {
            // The span exceeds Long.MAX_VALUE: at least half of all draws are in range.
            value = nextLong();
        }
        return value;
    }

    /** Uniform in {@code [0, 1)}. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    public boolean nextBoolean() {
        return nextLong() < 0;
    }

    private static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
