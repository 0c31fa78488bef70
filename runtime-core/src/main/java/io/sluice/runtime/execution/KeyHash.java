package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import java.util.Arrays;

/**
 * Picks the subtask for a row from a hash of its key fields. The hash depends only on field values
 * (never on identity), so a key lands on the same subtask in every run, which keyed state in
 * checkpoints relies on.
 */
final class KeyHash {
    private KeyHash() {
    }

    static int subtask(Row row, int[] keys, int parallelism) {
        int hash = 0;
        for (int key : keys) {
            hash = 31 * hash + fieldHash(row.field(key));
        }
        return Math.floorMod(mix(hash), parallelism);
    }

    private static int fieldHash(Object value) {
        if (value == null) {
            return 0;
        }
        return value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.hashCode();
    }

    /** Murmur3's finaliser: spreads hashes that differ in few bits (small integers) over all subtasks. */
    private static int mix(int hash) {
        int h = hash;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
