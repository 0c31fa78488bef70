package io.sluice.it;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One query of the differential test and the table it writes into. The text names its tables
 * {@code {src}} and {@code {dim}}, and aggregates a dialect spells differently as {@code {avg:x}};
 * {@link #sql} fills them in for Sluice or for PostgreSQL's batch answer.
 *
 * @param columns    the sink table's columns with their Sluice types, in the query's order
 * @param primaryKey the sink table's primary key
 * @param keyKind    how the primary key relates to the query's upsert key
 */
record DifferentialQuery(String template, List<Column> columns, List<String> primaryKey, KeyKind keyKind) {

    /** How the sink's primary key relates to the query's upsert key. */
    enum KeyKind {
        /** The primary key is the upsert key: every change lands on the row it is about. */
        UPSERT_KEY,
        /** The primary key holds the upsert key and a column that changes with it: only -U removes the old row. */
        SUPERSET,
        /** Several results may share a primary key: ON CONFLICT DO DEDUPLICATE keeps one of them. */
        OTHER
    }

    /** Who runs the query's text. */
    enum Dialect { SLUICE, POSTGRES }

    record Column(String name, String type) {
    }

    /** The query for {@code dialect}, reading the tables {@code source} and {@code dimension}. */
    String sql(Dialect dialect, String source, String dimension) {
        String sql = template.replace("{src}", source).replace("{dim}", dimension);
        return dialect == Dialect.SLUICE ? sql.replaceAll("\\{avg:([^}]*)}", "AVG($1)")
                // Flink's AVG of an INT is an INT, the sum divided by the count and cut towards zero
                : sql.replaceAll("\\{avg:([^}]*)}", "CAST(TRUNC(AVG($1)) AS INT)");
    }

    /**
     * True when the query reads {@code src} once and nothing else, so that each group sees its rows in the
     * source's order. A retraction of a row that is not there changes a group only when it has rows, so
     * where two inputs meet (a join, UNION ALL) its effect depends on how they interleave, in any engine.
     */
    boolean readsTheSourceOnce() {
        return template.indexOf("{src}") == template.lastIndexOf("{src}") && !template.contains("{dim}");
    }

    String insert(String sinkTable) {
        return "INSERT INTO " + sinkTable + " " + sql(Dialect.SLUICE, "src", "dim")
                + (keyKind == KeyKind.OTHER ? " ON CONFLICT DO DEDUPLICATE" : "");
    }

    /** {@code CREATE TABLE name (columns, PRIMARY KEY (...) NOT ENFORCED) WITH (options)}. */
    String createTable(String name, String options) {
        String columnList = columns.stream().map(column -> column.name() + " " + column.type())
                .collect(Collectors.joining(", "));
        return "CREATE TABLE " + name + " (" + columnList + ", PRIMARY KEY (" + String.join(", ", primaryKey)
                + ") NOT ENFORCED) WITH (" + options + ");";
    }

    List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /** The positions of the primary key's columns among {@link #columns}. */
    int[] primaryKeyPositions() {
        List<String> names = columnNames();
        return primaryKey.stream().mapToInt(names::indexOf).toArray();
    }
}
