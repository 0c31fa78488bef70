package io.sluice.api.data;

import io.sluice.api.types.LogicalType;
import java.util.List;

/**
 * Flink's text form of a row, {@code +I[a, 1]}: the kind's short string, then the fields separated
 * by {@code ", "}; NULL is {@code null}; dates and times in ISO form; BYTES as {@code [1, 2]}.
 */
public final class RowText {
    private RowText() {
    }

    /** The text form of {@code row}. */
    public static String format(Row row) {
        throw new UnsupportedOperationException("TODO");
    }

    /**
     * Parses one row's text form against the column types.
     *
     * @throws IllegalArgumentException naming the field and value that do not fit
     */
    public static Row parse(String text, List<LogicalType> types) {
        throw new UnsupportedOperationException("TODO");
    }
}
