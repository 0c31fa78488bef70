package io.sluice.planner.ddl;

import io.sluice.api.options.Secrets;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.planner.catalog.CatalogEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The text of {@code SHOW CREATE TABLE} and {@code SHOW CREATE VIEW}, one list element per line. */
final class ShowCreate {

    private ShowCreate() {
    }

    static List<String> table(CatalogEntry.Table table) {
        TableSchema schema = table.schema();
        List<String> parts = new ArrayList<>();
        schema.columns().forEach(column -> parts.add("  " + column(column)));
        schema.watermark().ifPresent(watermark -> parts.add("  WATERMARK FOR " + quote(watermark.rowtimeColumn())
                + " AS " + watermark.expressionSql()));
        if (schema.hasPrimaryKey()) {
            parts.add("  CONSTRAINT " + quote("PK_" + String.join("_", schema.primaryKey())) + " PRIMARY KEY ("
                    + schema.primaryKey().stream().map(ShowCreate::quote).collect(Collectors.joining(", "))
                    + ") NOT ENFORCED");
        }
        List<String> lines = new ArrayList<>();
        lines.add("CREATE TABLE " + name(table.identifier()) + " (");
        addSeparated(lines, parts);
        lines.add(") WITH (");
        List<String> options = new ArrayList<>();
        new TreeMap<>(table.options()).forEach((key, value) -> options.add("  " + literal(key) + " = "
                + (Secrets.isSecretKey(key) ? literal(Secrets.MASK) : literal(value))));
        addSeparated(lines, options);
        lines.add(")");
        return lines;
    }

    static List<String> view(CatalogEntry.View view) {
        String columns = view.columnNames().isEmpty() ? ""
                : view.columnNames().stream().map(ShowCreate::quote).collect(Collectors.joining(", ", "(", ")"));
        List<String> lines = new ArrayList<>();
        lines.add("CREATE VIEW " + name(view.identifier()) + columns + " AS");
        lines.addAll(view.query().strip().lines().toList());
        return lines;
    }

    private static String column(Column column) {
        if (column.isComputed()) {
            return quote(column.name()) + " AS " + column.expressionSql();
        }
        String metadata = column.metadataKey() == null ? ""
                : " METADATA FROM " + literal(column.metadataKey()) + (column.virtual() ? " VIRTUAL" : "");
        return quote(column.name()) + " " + column.type() + metadata;
    }

    /** Every line but the last ends with a comma. */
    private static void addSeparated(List<String> lines, List<String> parts) {
        for (int i = 0; i < parts.size(); i++) {
            lines.add(parts.get(i) + (i < parts.size() - 1 ? "," : ""));
        }
    }

    private static String name(ObjectIdentifier identifier) {
        return quote(identifier.catalog()) + "." + quote(identifier.database()) + "." + quote(identifier.table());
    }

    private static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
