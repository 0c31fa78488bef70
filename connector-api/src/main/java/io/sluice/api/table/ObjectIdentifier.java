package io.sluice.api.table;

import java.util.Objects;

/** A table's full name: catalog, database and table, printed as {@code default_catalog.default_database.t}. */
public record ObjectIdentifier(String catalog, String database, String table) {
    public static final String DEFAULT_CATALOG = "default_catalog";
    public static final String DEFAULT_DATABASE = "default_database";

    public ObjectIdentifier {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
    }

    /** A table in the default catalog and database. */
    public static ObjectIdentifier of(String table) {
        return new ObjectIdentifier(DEFAULT_CATALOG, DEFAULT_DATABASE, table);
    }

    @Override
    public String toString() {
        return catalog + "." + database + "." + table;
    }
}
