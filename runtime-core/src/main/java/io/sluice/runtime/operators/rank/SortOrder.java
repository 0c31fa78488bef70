package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.runtime.plan.SortField;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** Orders rows by a rank's ORDER BY fields, with SQL's direction and NULL placement per field. */
public final class SortOrder implements Comparator<Row> {
    private final List<SortField> fields;

    public SortOrder(List<SortField> fields) {
        this.fields = List.copyOf(fields);
    }

    /** The first position of {@code sorted} holding a row not before {@code row}. */
    public int lowerBound(List<Row> sorted, Row row) {
        return bound(sorted, row, false);
    }

    /** The first position of {@code sorted} after {@code row} and the rows that sort equal to it. */
    public int upperBound(List<Row> sorted, Row row) {
        return bound(sorted, row, true);
    }

    private int bound(List<Row> sorted, Row row, boolean afterEqual) {
        int low = 0;
        int high = sorted.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            int order = compare(sorted.get(middle), row);
            if (order < 0 || afterEqual && order == 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    @Override
    public int compare(Row a, Row b) {
        for (SortField field : fields) {
            int order = compareField(a.field(field.fieldIndex()), b.field(field.fieldIndex()), field);
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private static int compareField(Object a, Object b, SortField field) {
        if (a == null || b == null) {
            if (a == b) {
                return 0;
            }
            return (a == null) == field.nullsFirst() ? -1 : 1;
        }
        int order = compareValues(a, b);
        return field.ascending() ? order : -order;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object a, Object b) {
        if (a instanceof byte[] left && b instanceof byte[] right) {
            return Arrays.compareUnsigned(left, right);
        }
        return ((Comparable) a).compareTo(b);
    }
}
