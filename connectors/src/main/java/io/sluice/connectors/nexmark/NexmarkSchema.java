package io.sluice.connectors.nexmark;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import java.util.List;

/**
 * The physical columns a {@code nexmark} table must declare, as the benchmark's DDL does:
 * {@code event_type INT, person ROW<...>, auction ROW<...>, bid ROW<...>}. Character columns may have any
 * length; a TIMESTAMP any precision of at least 3 (the events carry milliseconds).
 */
final class NexmarkSchema {
    static final String TEXT = "event_type INT, person ROW<id BIGINT, name STRING, emailAddress STRING, "
            + "creditCard STRING, city STRING, state STRING, dateTime TIMESTAMP(3), extra STRING>, "
            + "auction ROW<id BIGINT, itemName STRING, description STRING, initialBid BIGINT, reserve BIGINT, "
            + "dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, extra STRING>, "
            + "bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, "
            + "dateTime TIMESTAMP(3), extra STRING>";

    private static final List<String> COLUMNS = List.of("event_type", "person", "auction", "bid");
    private static final List<List<String>> FIELDS = List.of(
            List.of("id", "name", "emailAddress", "creditCard", "city", "state", "dateTime", "extra"),
            List.of("id", "itemName", "description", "initialBid", "reserve", "dateTime", "expires", "seller",
                    "category", "extra"),
            List.of("auction", "bidder", "price", "channel", "url", "dateTime", "extra"));
    private static final List<List<TypeRoot>> FIELD_TYPES = List.of(
            List.of(TypeRoot.BIGINT, TypeRoot.VARCHAR, TypeRoot.VARCHAR, TypeRoot.VARCHAR, TypeRoot.VARCHAR,
                    TypeRoot.VARCHAR, TypeRoot.TIMESTAMP, TypeRoot.VARCHAR),
            List.of(TypeRoot.BIGINT, TypeRoot.VARCHAR, TypeRoot.VARCHAR, TypeRoot.BIGINT, TypeRoot.BIGINT,
                    TypeRoot.TIMESTAMP, TypeRoot.TIMESTAMP, TypeRoot.BIGINT, TypeRoot.BIGINT, TypeRoot.VARCHAR),
            List.of(TypeRoot.BIGINT, TypeRoot.BIGINT, TypeRoot.BIGINT, TypeRoot.VARCHAR, TypeRoot.VARCHAR,
                    TypeRoot.TIMESTAMP, TypeRoot.VARCHAR));

    private NexmarkSchema() {
    }

    /** @throws ValidationException naming the table, the first column or field that differs, and the expected schema */
    static void check(String table, TableSchema schema) {
        List<Column> columns = schema.columns();
        if (!schema.columnNames().equals(COLUMNS)) {
            throw mismatch(table, "its physical columns are " + schema.columnNames());
        }
        if (columns.get(0).type().root() != TypeRoot.INT) {
            throw mismatch(table, "column 'event_type' is " + columns.get(0).type());
        }
        for (int i = 0; i < FIELDS.size(); i++) {
            checkRow(table, columns.get(i + 1), FIELDS.get(i), FIELD_TYPES.get(i));
        }
    }

    private static void checkRow(String table, Column column, List<String> names, List<TypeRoot> roots) {
        LogicalType type = column.type();
        if (type.root() != TypeRoot.ROW || !type.fieldNames().equals(names)) {
            throw mismatch(table, "column '" + column.name() + "' is " + type);
        }
        for (int i = 0; i < roots.size(); i++) {
            LogicalType field = type.fieldTypes().get(i);
            boolean fits = roots.get(i) == TypeRoot.VARCHAR ? field.root().isCharacterString()
                    : field.root() == roots.get(i) && (field.root() != TypeRoot.TIMESTAMP || field.precision() >= 3);
            if (!fits) {
                throw mismatch(table, "field '" + column.name() + "." + names.get(i) + "' is " + field);
            }
        }
    }

    private static ValidationException mismatch(String table, String problem) {
        return new ValidationException("Table '" + table + "' uses connector 'nexmark', but " + problem
                + "; a nexmark table declares the physical columns (" + TEXT + ")");
    }
}
