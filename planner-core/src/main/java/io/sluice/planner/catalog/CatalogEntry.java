package io.sluice.planner.catalog;

import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import java.util.List;
import java.util.Map;

/** A table or view of the in-memory catalog. */
public sealed interface CatalogEntry {

    ObjectIdentifier identifier();

    /** A table backed by a connector; its options are validated when a statement uses it. */
    record Table(ObjectIdentifier identifier, TableSchema schema, Map<String, String> options) implements CatalogEntry {
        public Table {
            options = Map.copyOf(options);
        }
    }

    /** A view: its query text, expanded where it is used; {@code columnNames} renames its fields (may be empty). */
    record View(ObjectIdentifier identifier, String query, List<String> columnNames) implements CatalogEntry {
        public View {
            columnNames = List.copyOf(columnNames);
        }
    }
}
