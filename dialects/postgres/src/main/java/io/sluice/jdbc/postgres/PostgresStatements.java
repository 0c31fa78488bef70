package io.sluice.jdbc.postgres;

import io.sluice.api.table.Column;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The statements of one table, in three families: one row per statement (for JDBC batches, which
 * pgjdbc's {@code reWriteBatchedInserts} turns into multi-row inserts), one array parameter per
 * column (a whole chunk in one statement through {@code unnest} and {@code = ANY}), and a staging
 * table that {@code COPY} fills (see {@link PostgresCopy}).
 */
final class PostgresStatements {
    private final String table;
    private final List<Column> columns;
    private final List<Column> keys;
    private final UnaryOperator<String> quote;
    private final String conflictClause;
    private final String stageName;

    PostgresStatements(TableDefinition definition, String quotedTable, UnaryOperator<String> quote) {
        this.table = quotedTable;
        this.columns = definition.columns();
        this.keys = definition.keyColumns();
        this.quote = quote;
        this.conflictClause = conflictClause(definition);
        this.stageName = stageName(quotedTable, definition);
    }

    String insert() {
        return insertInto() + " VALUES (" + placeholders(columns.size()) + ")";
    }

    String upsert() {
        return insert() + conflictClause;
    }

    String upsertFromArrays() {
        return insertInto() + " SELECT * FROM " + unnest(columns) + conflictClause;
    }

    String deleteByKey() {
        return "DELETE FROM " + table + " WHERE "
                + keys.stream().map(k -> quote.apply(k.name()) + " = ?").collect(Collectors.joining(" AND "));
    }

    /** {@code k = ANY(?::t[])} for one key column, {@code (k1, k2) IN (SELECT * FROM unnest(...))} for several. */
    String deleteFromArrays() {
        if (keys.size() == 1) {
            return "DELETE FROM " + table + " WHERE " + quote.apply(keys.get(0).name()) + " = ANY("
                    + arrayParameter(keys.get(0)) + ")";
        }
        return "DELETE FROM " + table + " WHERE (" + names(keys) + ") IN (SELECT * FROM " + unnest(keys) + ")";
    }

    /** The staging table {@link PostgresCopy} fills: create it when missing, fill it, apply it as upserts. */
    Stage upsertStage() {
        String stage = quote.apply(stageName);
        String create = "CREATE TEMPORARY TABLE IF NOT EXISTS " + stage + " (" + columns.stream()
                .map(c -> quote.apply(c.name()) + " " + PostgresTypes.arrayElementType(c.type()))
                .collect(Collectors.joining(", ")) + ") ON COMMIT DELETE ROWS";
        String copy = "COPY " + stage + " (" + names(columns) + ") FROM STDIN (FORMAT binary)";
        return new Stage(create, copy, insertInto() + " SELECT " + names(columns) + " FROM " + stage + conflictClause);
    }

    /** The statements of one staging table. */
    record Stage(String create, String copy, String apply) {
    }

    /**
     * A staging table lives in the session's own schema. Its name carries a hash of the table and its
     * declared columns, so sinks that share a pooled connection never share a staging table unless they
     * write the same columns of the same table.
     */
    private static String stageName(String quotedTable, TableDefinition definition) {
        String signature = quotedTable + definition.columns().stream()
                .map(c -> c.name() + " " + c.type()).collect(Collectors.joining(",", "(", ")"));
        return "sluice_stage_" + Integer.toUnsignedString(signature.hashCode(), 36);
    }

    private String insertInto() {
        return "INSERT INTO " + table + " (" + names(columns) + ")";
    }

    // Only non-key columns are assigned; when every column is a key there is nothing to update.
    private String conflictClause(TableDefinition definition) {
        if (!definition.hasPrimaryKey()) {
            return "";
        }
        String target = " ON CONFLICT (" + names(keys) + ")";
        if (definition.valueColumns().isEmpty()) {
            return target + " DO NOTHING";
        }
        return target + " DO UPDATE SET " + definition.valueColumns().stream()
                .map(c -> quote.apply(c.name()) + " = EXCLUDED." + quote.apply(c.name()))
                .collect(Collectors.joining(", "));
    }

    private String unnest(List<Column> arrays) {
        return "unnest(" + arrays.stream().map(PostgresStatements::arrayParameter)
                .collect(Collectors.joining(", ")) + ")";
    }

    private static String arrayParameter(Column column) {
        return "?::" + PostgresTypes.arrayElementType(column.type()) + "[]";
    }

    private String names(List<Column> list) {
        return list.stream().map(c -> quote.apply(c.name())).collect(Collectors.joining(", "));
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }
}
