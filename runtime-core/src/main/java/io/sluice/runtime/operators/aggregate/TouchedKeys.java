package io.sluice.runtime.operators.aggregate;

import java.util.Arrays;

/**
 * The keys a mini-batch bundle touched, in the order it first touched them, each with its
 * accumulators and, unless the key is new, the aggregate values it had before the bundle. The arrays
 * are kept from bundle to bundle, so once they have grown a bundle allocates nothing for them.
 */
final class TouchedKeys {
    private static final int INITIAL_CAPACITY = 64;

    private final int valueCount;
    private Object[] keys = new Object[INITIAL_CAPACITY];
    private Accumulators[] accumulators = new Accumulators[INITIAL_CAPACITY];
    private boolean[] fresh = new boolean[INITIAL_CAPACITY];
    private Object[] previous;
    private int size;

    /** @param valueCount aggregate values per key */
    TouchedKeys(int valueCount) {
        this.valueCount = valueCount;
        this.previous = new Object[INITIAL_CAPACITY * valueCount];
    }

    /**
     * Adds {@code key}, keeping its current values as the ones before the bundle unless it is
     * {@code isFresh}; returns its index.
     */
    int add(Object key, Accumulators keyAccumulators, boolean isFresh) {
        if (size == keys.length) {
            grow();
        }
        keys[size] = key;
        accumulators[size] = keyAccumulators;
        fresh[size] = isFresh;
        if (!isFresh) {
            keyAccumulators.writeValues(previous, size * valueCount);
        }
        return size++;
    }

    /** Replaces the values before the bundle of the key at {@code index} (restoring a bundle). */
    void setPrevious(int index, Object[] values) {
        System.arraycopy(values, 0, previous, index * valueCount, valueCount);
    }

    /** A copy of the values before the bundle, null for a key new in the bundle. */
    Object[] previousCopy(int index) {
        return fresh[index] ? null : Arrays.copyOfRange(previous, index * valueCount, (index + 1) * valueCount);
    }

    int size() {
        return size;
    }

    Object key(int index) {
        return keys[index];
    }

    Accumulators accumulators(int index) {
        return accumulators[index];
    }

    /** The values before the bundle, from {@link #previousOffset}; null for a key new in the bundle. */
    Object[] previous(int index) {
        return fresh[index] ? null : previous;
    }

    int previousOffset(int index) {
        return index * valueCount;
    }

    /** Forgets every key (and drops the references, so that removed keys can be collected). */
    void clear() {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(accumulators, 0, size, null);
        Arrays.fill(previous, 0, size * valueCount, null);
        size = 0;
    }

    private void grow() {
        int capacity = keys.length * 2;
        keys = Arrays.copyOf(keys, capacity);
        accumulators = Arrays.copyOf(accumulators, capacity);
        fresh = Arrays.copyOf(fresh, capacity);
        previous = Arrays.copyOf(previous, capacity * valueCount);
    }
}
