package io.sluice.jdbc.dialect;

import io.sluice.api.options.ValidationException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks that a table's primary key in the database is the one the sink declares. The reduce buffer,
 * the upsert and the delete all locate rows by the declared key; a database key with fewer or other
 * columns silently merges or splits rows, so a difference fails at open. Other unique
 * indexes are legal but change what an upsert does, so they are logged as a warning.
 */
public final class PrimaryKeyCheck {
    private static final Logger LOG = LoggerFactory.getLogger(PrimaryKeyCheck.class);

    /** The keys a table has in the database: its primary key columns and its other unique indexes. */
    public record TableKeys(List<String> primaryKey, Map<String, List<String>> uniqueIndexes) {
        public TableKeys {
            primaryKey = List.copyOf(primaryKey);
            uniqueIndexes = Map.copyOf(uniqueIndexes);
        }
    }

    private final boolean caseInsensitive;
    private final String uniqueIndexEffect;

    /**
     * @param caseInsensitive whether the database compares column names ignoring case
     * @param uniqueIndexEffect what a row colliding on another unique index does in this database
     */
    public PrimaryKeyCheck(boolean caseInsensitive, String uniqueIndexEffect) {
        this.caseInsensitive = caseInsensitive;
        this.uniqueIndexEffect = uniqueIndexEffect;
    }

    /**
     * @param actual the table's keys, empty when the table does not exist
     * @throws ValidationException when the table is missing or its primary key differs from the declared one
     */
    public void verify(TableDefinition table, Optional<TableKeys> actual) {
        TableKeys keys = actual.orElseThrow(() -> missingTable(table));
        List<String> declared = table.primaryKey();
        if (declared.isEmpty()) {
            warnUndeclaredKey(table, keys.primaryKey());
        } else if (!normalized(declared).equals(normalized(keys.primaryKey()))) {
            throw keyMismatch(table, keys.primaryKey());
        }
        keys.uniqueIndexes().forEach((index, columns) -> LOG.warn(
                "Table '{}' has unique index '{}' on ({}) besides its primary key: {}",
                table.tableName(), index, String.join(", ", columns), uniqueIndexEffect));
    }

    private Set<String> normalized(List<String> columns) {
        return columns.stream()
                .map(c -> caseInsensitive ? c.toLowerCase(Locale.ROOT) : c)
                .collect(Collectors.toSet());
    }

    private static ValidationException missingTable(TableDefinition table) {
        return new ValidationException("Table '" + table.tableName() + "' does not exist in the database. Create it"
                + (table.hasPrimaryKey() ? " with " + keyText(table.primaryKey()) : "")
                + ", or set 'sink.auto-create' = 'true' to let the sink create it from the declared schema.");
    }

    private static ValidationException keyMismatch(TableDefinition table, List<String> actual) {
        String has = actual.isEmpty() ? "has no PRIMARY KEY" : "has " + keyText(actual);
        return new ValidationException("Table '" + table.tableName() + "' " + has + " in the database, but the sink"
                + " declares " + keyText(table.primaryKey()) + ". The declared key and the table's key must be the"
                + " same columns: upserts and deletes locate rows by the declared key, so a different key merges"
                + " or duplicates rows. Change the table or the declared PRIMARY KEY.");
    }

    private static void warnUndeclaredKey(TableDefinition table, List<String> actual) {
        if (!actual.isEmpty()) {
            LOG.warn("Table '{}' has {} but the sink declares none: rows are appended with plain INSERTs, which fail"
                    + " on a duplicate key. Declare PRIMARY KEY ({}) NOT ENFORCED to upsert.",
                    table.tableName(), keyText(actual), String.join(", ", actual));
        }
    }

    private static String keyText(List<String> columns) {
        return "PRIMARY KEY (" + String.join(", ", columns) + ")";
    }
}
