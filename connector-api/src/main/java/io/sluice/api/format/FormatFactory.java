package io.sluice.api.format;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import java.util.Set;

/**
 * Turns a message's bytes into rows and rows into bytes, for every connector that moves messages or
 * lines ({@code kafka}, {@code upsert-kafka}, {@code filesystem}): a table names it with
 * {@code 'format' = 'json'} (or {@code 'key.format'} / {@code 'value.format'}). Implementations are
 * found through {@link java.util.ServiceLoader} ({@code META-INF/services/io.sluice.api.format.FormatFactory}).
 */
public interface FormatFactory {

    /** The value of {@code 'format'} this factory serves, such as {@code json}. */
    String identifier();

    /**
     * The format's own options, keyed as a table writes them after {@code 'format' = 'json'}:
     * {@code json.ignore-parse-errors}. Under {@code 'value.format'} the table writes them with the
     * {@code value.} prefix, as in Flink.
     */
    Set<ConfigOption<?>> optionalOptions();

    /** The row kinds a decoder of this format produces: inserts only, or a whole changelog (CDC formats). */
    ChangelogMode changelogMode();

    /**
     * A decoder for {@code context}'s columns.
     *
     * @throws ValidationException when a column's type or an option does not suit the format
     */
    RowDecoder createDecoder(FormatContext context);

    /**
     * An encoder for {@code context}'s columns.
     *
     * @throws ValidationException when a column's type or an option does not suit the format, or the
     *                             format cannot be written
     */
    default RowEncoder createEncoder(FormatContext context) {
        throw new ValidationException("Table '" + context.table() + "': format '" + identifier()
                + "' can only be read, not written");
    }
}
