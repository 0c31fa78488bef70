package io.sluice.runtime.operators.aggregate;

import java.util.Arrays;

/**
 * One group's key field values with its accumulators, for operators that keep groups without keyed
 * state of their own (a local aggregation's bundle, a window). Encodes as the key values followed by
 * the partial accumulators, the local phase's output row.
 */
public final class GroupAccumulators {
    private final Object[] keyValues;
    private final Accumulators accumulators;

    public GroupAccumulators(Object[] keyValues, Accumulators accumulators) {
        this.keyValues = keyValues;
        this.accumulators = accumulators;
    }

    /** Rebuilds a group from {@link #encode()}'s output. */
    public static GroupAccumulators decode(Object[] encoded, int keyCount, Accumulators prototype) {
        Accumulators accumulators = prototype.newEmpty();
        accumulators.merge(encoded, keyCount);
        return new GroupAccumulators(Arrays.copyOf(encoded, keyCount), accumulators);
    }

    public Accumulators accumulators() {
        return accumulators;
    }

    /** The key values followed by the partial accumulators. */
    public Object[] encode() {
        Object[] fields = Arrays.copyOf(keyValues, keyValues.length + accumulators.partialArity());
        accumulators.writePartial(fields, keyValues.length);
        return fields;
    }

    /** The key values followed by the aggregate values, with {@code extra} free fields at the end. */
    public Object[] result(int aggregateCount, int extra) {
        Object[] fields = Arrays.copyOf(keyValues, keyValues.length + aggregateCount + extra);
        accumulators.writeValues(fields, keyValues.length);
        return fields;
    }
}
