package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.TableDefinition;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * A sink's table with the names errors need: {@code label} (the table as the query calls it and the
 * database table, such as {@code default_catalog.default_database.orders (table 'public.orders')}) and
 * its declared columns and key.
 */
public record SinkTable(String label, TableDefinition definition) {

    /** Positions of the primary key columns, in key order. */
    public int[] keyIndexes() {
        return definition.keyIndexes();
    }

    public List<String> columnNames() {
        return definition.columnNames();
    }

    /** The key values of {@code row}, such as {@code (tenant=7, id=1001)}; the whole row without a key. */
    public String describeKey(Object[] row) {
        List<String> names = columnNames();
        List<String> shown = definition.hasPrimaryKey() ? definition.primaryKey() : names;
        StringJoiner text = new StringJoiner(", ", "(", ")");
        for (String name : shown) {
            Object value = row[names.indexOf(name)];
            text.add(name + "=" + (value instanceof byte[] bytes ? Arrays.toString(bytes) : value));
        }
        return text.toString();
    }
}
