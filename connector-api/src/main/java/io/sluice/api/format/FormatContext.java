package io.sluice.api.format;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import java.util.List;

/**
 * What a {@link FormatFactory} gets to build a decoder or encoder: the table, the columns the format
 * reads or writes (a subset of the table's physical columns, in message order), and the table's
 * options, of which the format's own sit under {@code optionPrefix} ({@code ""}, {@code "key."} or
 * {@code "value."}).
 *
 * @param updateBeforeRequired false when no one reads the -U rows a decoder emits (the job drops them): a
 *                             CDC decoder may then leave them out, and not read an update's old row at all
 */
public record FormatContext(ObjectIdentifier table, List<Column> columns, TableOptions options,
                            String optionPrefix, boolean updateBeforeRequired) {

    public FormatContext {
        columns = List.copyOf(columns);
    }

    /** A context whose decoders must emit every row kind of their format. */
    public FormatContext(ObjectIdentifier table, List<Column> columns, TableOptions options, String optionPrefix) {
        this(table, columns, options, optionPrefix, true);
    }

    /** This context for a reader whose -U rows no one reads. */
    public FormatContext withoutUpdateBefore() {
        return new FormatContext(table, columns, options, optionPrefix, false);
    }

    /** The value of the format option {@code option} (declared without prefix), or its default. */
    public <T> T get(ConfigOption<T> option) {
        return options.get(option.withKey(optionPrefix + option.key()));
    }

    /** The column names, in order. */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }
}
