package io.sluice.runtime.operators.aggregate;

import java.util.List;

/** Reads the value sequences of generated FIRST_VALUE, LAST_VALUE and LISTAGG accumulators. */
public final class ValueSequences {
    private ValueSequences() {
    }

    /** The first value, or null when there is none. */
    public static Object first(List<?> values) {
        return values.isEmpty() ? null : values.get(0);
    }

    /** The latest value, or null when there is none. */
    public static Object last(List<?> values) {
        return values.isEmpty() ? null : values.get(values.size() - 1);
    }

    /** The values joined with {@code separator}; null when there are none. */
    public static String join(List<?> values, String separator) {
        if (values.isEmpty()) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (Object value : values) {
            if (text.length() > 0) {
                text.append(separator);
            }
            text.append(value);
        }
        return text.toString();
    }
}
