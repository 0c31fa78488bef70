package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * Extracts the key of a row for keyed state: the value itself for a single key field (no allocation
 * on the per-row path), otherwise a {@link Composite} of the fields. Keys are serializable, so keyed
 * state can go into a checkpoint as it is.
 */
public final class KeyProjection {
    private final int[] fields;

    public KeyProjection(int[] fields) {
        this.fields = fields.clone();
    }

    /** The key of {@code row}; equal keys for rows whose key fields are equal ({@code byte[]} by content). */
    public Object keyOf(Row row) {
        if (fields.length == 1 && !(row.field(fields[0]) instanceof byte[])) {
            return row.field(fields[0]);
        }
        return new Composite(values(row));
    }

    /** True when a key field of {@code row} is NULL (SQL equality never matches such a row). */
    public boolean hasNull(Row row) {
        for (int field : fields) {
            if (row.field(field) == null) {
                return true;
            }
        }
        return false;
    }

    /** The key field values of {@code row}, in key order. */
    public Object[] values(Row row) {
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = row.field(fields[i]);
        }
        return values;
    }

    /** Copies the field values of {@code key}, as {@link #keyOf} made it, into {@code target[0 ..]}. */
    public void copyKeyFields(Object key, Object[] target) {
        if (key instanceof Composite composite) {
            System.arraycopy(composite.values, 0, target, 0, composite.values.length);
        } else {
            target[0] = key;
        }
    }

    /** True when {@code a} and {@code b} have equal key fields. */
    public boolean sameKey(Row a, Row b) {
        for (int field : fields) {
            if (!Objects.deepEquals(a.field(field), b.field(field))) {
                return false;
            }
        }
        return true;
    }

    /** A key of several fields, compared by content. */
    public static final class Composite implements Serializable {
        private static final long serialVersionUID = 1L;
        private final Object[] values;

        Composite(Object[] values) {
            this.values = values;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Composite other && Arrays.deepEquals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.deepToString(values);
        }
    }
}
