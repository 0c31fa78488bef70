package io.sluice.runtime.plan;

/** One {@code ORDER BY} field of a rank: the input field index, direction and null order. */
public record SortField(int fieldIndex, boolean ascending, boolean nullsFirst) {
}
