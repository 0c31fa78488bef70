package io.sluice.experiments;

import java.util.List;

/**
 * A generated changelog in the {@code values} connector's text form, one row per line.
 *
 * @param rows       the rows, such as {@code -D[1001, 3, 14]}
 * @param pairStarts the 0-based positions of each {@code -D} of the observed key; its {@code +I} follows
 *                   at the next position
 * @param finalValue the observed key's amount after the last row
 */
record Changelog(List<String> rows, List<Integer> pairStarts, long finalValue) {

    Changelog {
        rows = List.copyOf(rows);
        pairStarts = List.copyOf(pairStarts);
    }
}
