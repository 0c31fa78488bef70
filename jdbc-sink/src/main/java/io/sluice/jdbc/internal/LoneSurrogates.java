package io.sluice.jdbc.internal;

import io.sluice.jdbc.JdbcSinkException;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Refuses text holding a lone UTF-16 surrogate, half of a pair such as JSON's {@code "\ud800"} decodes
 * to. It is no character: no database text column can store it, and the drivers of PostgreSQL, MySQL and
 * MariaDB write {@code ?} in its place without a word.
 */
final class LoneSurrogates {
    private LoneSurrogates() {
    }

    /**
     * Checks what {@code batch} writes: every column of its inserts and upserts, the key of its deletes
     * (a key that reached the database as {@code ?} would delete another row).
     *
     * @throws JdbcSinkException naming the row's key, the column and the position of the first one found
     */
    static void refuse(SinkTable table, ChangeBatch batch) {
        int[] allColumns = IntStream.range(0, table.columnNames().size()).toArray();
        Stream.concat(batch.inserts().stream(), batch.upserts().stream())
                .forEach(row -> refuse(table, row, allColumns));
        batch.deletes().forEach(row -> refuse(table, row, table.keyIndexes()));
    }

    private static void refuse(SinkTable table, Object[] row, int[] columns) {
        for (int column : columns) {
            if (row[column] instanceof String text) {
                int at = position(text);
                if (at >= 0) {
                    throw new JdbcSinkException(table.label() + ": the row with key " + table.describeKey(row)
                            + ", column '" + table.columnNames().get(column) + "', holds a lone UTF-16 surrogate "
                            + String.format("(\\u%04x at character %d)", (int) text.charAt(at), at + 1)
                            + ", which is no character and which no database text column stores. The flush was "
                            + "not committed; its rows stay in the sink's buffer.", null,
                            table.columnNames().get(column));
                }
            }
        }
    }

    /** The index of the first surrogate in {@code text} that is not part of a pair; -1 when there is none. */
    static int position(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
