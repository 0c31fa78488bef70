package io.sluice.examples.h2;

import io.sluice.api.table.Column;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The single-row statements of one table, sent as JDBC batches. {@code MERGE INTO ... KEY (...)} is
 * H2's upsert: it updates the row with the same key values or inserts one; a table whose columns are
 * all key columns needs no special form, since a MERGE that finds the row has nothing to change.
 */
final class H2Statements {
    private final String table;
    private final List<String> columns;
    private final List<String> keys;

    H2Statements(TableDefinition definition, String quotedTable, UnaryOperator<String> quote) {
        this.table = quotedTable;
        this.columns = quoted(definition.columns(), quote);
        this.keys = quoted(definition.keyColumns(), quote);
    }

    String upsert() {
        return "MERGE INTO " + table + columnList() + " KEY (" + String.join(", ", keys) + ") VALUES "
                + placeholders(columns.size());
    }

    String insert() {
        return "INSERT INTO " + table + columnList() + " VALUES " + placeholders(columns.size());
    }

    String delete() {
        return "DELETE FROM " + table + " WHERE "
                + keys.stream().map(key -> key + " = ?").collect(Collectors.joining(" AND "));
    }

    private String columnList() {
        return " (" + String.join(", ", columns) + ")";
    }

    private static String placeholders(int count) {
        return "(" + String.join(", ", Collections.nCopies(count, "?")) + ")";
    }

    private static List<String> quoted(List<Column> columns, UnaryOperator<String> quote) {
        return columns.stream().map(c -> quote.apply(c.name())).toList();
    }
}
