package io.sluice.planner.catalog;

import java.util.Collection;
import java.util.Optional;
import java.util.TreeMap;

/** The tables and views of one {@code TableEnvironment}, in memory, by name (case-sensitive). */
public final class Catalog {
    private final TreeMap<String, CatalogEntry> entries = new TreeMap<>();

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
