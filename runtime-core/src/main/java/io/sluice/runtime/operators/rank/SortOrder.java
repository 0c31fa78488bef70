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
