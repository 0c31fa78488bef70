package io.sluice.jdbc.mysql;

import io.sluice.api.table.Column;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The multi-row statements of one table. Every statement carries {@code rows} rows so that one
 * round trip writes a whole chunk: MariaDB's driver applies no batch rewriting to
 * {@code ON DUPLICATE KEY UPDATE}, and one explicit multi-row statement is several times faster than
 * a batch of single-row ones.
 */
final class MySqlStatements {
    private final String table;
    private final List<String> columns;
    private final List<String> keys;
    private final List<String> values;
    private final boolean rowAlias;

    MySqlStatements(TableDefinition definition, String quotedTable, UnaryOperator<String> quote, boolean rowAlias) {
        this.table = quotedTable;
        this.columns = quoted(definition.columns(), quote);
        this.keys = quoted(definition.keyColumns(), quote);
        this.values = quoted(definition.valueColumns(), quote);
        this.rowAlias = rowAlias;
    }

    /**
     * Inserts or updates {@code rows} rows by key, updating only non-key columns (a key is never
     * assigned). A table whose columns are all key columns only needs the missing rows inserted: a
     * no-op assignment of the first key column does that, where {@code INSERT IGNORE} would turn every
     * data error (a value too long, out of range, a NULL key) into a warning and store a changed value.
     */
    String upsert(int rows) {
        if (values.isEmpty()) {
            String key = keys.get(0);
            return insert(rows) + " ON DUPLICATE KEY UPDATE " + key + " = " + key;
        }
        String insert = insert(rows);
        if (rowAlias) {
            return insert + " AS new ON DUPLICATE KEY UPDATE " + assignments("new.", "");
        }
        return insert + " ON DUPLICATE KEY UPDATE " + assignments("VALUES(", ")");
    }

    String insert(int rows) {
        return "INSERT INTO " + table + columnList() + " VALUES " + tuples(rows, columns.size());
    }

    /** Deletes {@code rows} keys: {@code k IN (?, ...)}, or {@code (k1, k2) IN ((?, ?), ...)} for composite keys. */
    String delete(int rows) {
        if (keys.size() == 1) {
            return "DELETE FROM " + table + " WHERE " + keys.get(0) + " IN " + tuple(rows);
        }
        return "DELETE FROM " + table + " WHERE (" + String.join(", ", keys) + ") IN (" + tuples(rows, keys.size())
                + ")";
    }

    private String columnList() {
        return " (" + String.join(", ", columns) + ")";
    }

    private String assignments(String before, String after) {
        return values.stream().map(c -> c + " = " + before + c + after).collect(Collectors.joining(", "));
    }

    private static String tuples(int rows, int width) {
        return String.join(", ", Collections.nCopies(rows, tuple(width)));
    }

    private static String tuple(int width) {
        return "(" + String.join(", ", Collections.nCopies(width, "?")) + ")";
    }

    private static List<String> quoted(List<Column> columns, UnaryOperator<String> quote) {
        return columns.stream().map(c -> quote.apply(c.name())).toList();
    }
}
