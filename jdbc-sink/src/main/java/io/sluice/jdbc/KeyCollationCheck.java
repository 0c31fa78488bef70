package io.sluice.jdbc;

import io.sluice.api.options.ValidationException;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a sink does at open when its table compares key values less exactly than the sink
 * ({@code sink.key-collation-check}). The sink keeps one change per distinct key; two keys the table
 * takes for one row ({@code 'a'} and {@code 'a '}, or {@code 'a'} and {@code 'A'}) overwrite each
 * other, and deleting one deletes the row of both.
 */
public enum KeyCollationCheck {
    /** Refuse to open. */
    FAIL,
    /** Log a warning and write anyway: for keys whose values never differ only in what the table ignores. */
    WARN;

    private static final Logger LOG = LoggerFactory.getLogger(KeyCollationCheck.class);

    /** @param merging the table's key columns that take distinct values for equal, each with why */
    void apply(String tableName, Map<String, String> merging) {
        if (merging.isEmpty()) {
            return;
        }
        String columns = merging.entrySet().stream().map(e -> "column '" + e.getKey() + "': " + e.getValue())
                .collect(Collectors.joining("; "));
        String problem = "Table '" + tableName + "' compares its key less exactly than the sink (" + columns
                + "). Keys the table takes for one row would overwrite and delete each other's rows.";
        if (this == WARN) {
            LOG.warn("{} Writing anyway, as '{}' = 'warn' says.", problem, JdbcOptions.SINK_KEY_COLLATION_CHECK.key());
            return;
        }
        throw new ValidationException(problem + " Change the column's collation or type, or set '"
                + JdbcOptions.SINK_KEY_COLLATION_CHECK.key() + "' = 'warn' if its values never differ only so.");
    }
}
