package io.sluice.planner.catalog;

import java.util.Collection;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.calcite.sql.SqlFunction;

/**
 * The tables and views of one {@code TableEnvironment}, in memory, by name (case-sensitive), and its
 * user-defined functions, by name (case-insensitive, as function names are in SQL).
 */
public final class Catalog {
    private final TreeMap<String, CatalogEntry> entries = new TreeMap<>();
    private final TreeMap<String, SqlFunction> functions = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    /** @return false when the name is taken */
    public boolean registerFunction(SqlFunction function) {
        return functions.putIfAbsent(function.getName(), function) == null;
    }

    public Optional<SqlFunction> removeFunction(String name) {
        return Optional.ofNullable(functions.remove(name));
    }

    /** The user-defined functions, sorted by name. */
    public Collection<SqlFunction> functions() {
        return functions.values();
    }

    /** @return false when the name is taken (the caller decides whether that is an error) */
    public boolean register(CatalogEntry entry) {
        return entries.putIfAbsent(entry.identifier().table(), entry) == null;
    }

    public Optional<CatalogEntry> find(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    public Optional<CatalogEntry> remove(String name) {
        return Optional.ofNullable(entries.remove(name));
    }

    /** All entries sorted by name. */
    public Collection<CatalogEntry> entries() {
        return entries.values();
    }
}
