package io.sluice.api.data;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Equality and hashing of field values by content, nested ones included: {@code byte[]} by its bytes, a
 * ROW ({@code Object[]}) field by field, a MAP entry by entry with its values compared the same way
 * ({@code Map.equals} would compare {@code byte[]} values, such as Kafka headers, by identity).
 */
final class FieldValues {
    private FieldValues() {
    }

    static boolean equal(Object[] left, Object[] right) {
        if (left.length != right.length) {
            return false;
        }
        for (int i = 0; i < left.length; i++) {
            if (!equal(left[i], right[i])) {
                return false;
            }
        }
        return true;
    }

    static int hash(Object[] values) {
        int hash = 1;
        for (Object value : values) {
            hash = 31 * hash + hash(value);
        }
        return hash;
    }

    private static boolean equal(Object left, Object right) {
        if (left == right) {
            return true;
        }
        if (left instanceof Object[] leftFields && right instanceof Object[] rightFields) {
            return equal(leftFields, rightFields);
        }
        if (left instanceof Map<?, ?> leftMap && right instanceof Map<?, ?> rightMap) {
            return equal(leftMap, rightMap);
        }
        return Objects.deepEquals(left, right);
    }

    private static boolean equal(Map<?, ?> left, Map<?, ?> right) {
        if (left.size() != right.size()) {
            return false;
        }
        for (Map.Entry<?, ?> entry : left.entrySet()) {
            Object other = right.get(entry.getKey());
            if (other == null && !right.containsKey(entry.getKey()) || !equal(entry.getValue(), other)) {
                return false;
            }
        }
        return true;
    }

    private static int hash(Object value) {
        if (value instanceof Object[] fields) {
            return hash(fields);
        }
        if (value instanceof Map<?, ?> map) {
            int hash = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                hash += Objects.hashCode(entry.getKey()) ^ hash(entry.getValue());
            }
            return hash;
        }
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        return Objects.hashCode(value);
    }
}
