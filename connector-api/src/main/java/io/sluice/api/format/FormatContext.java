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
 */
public record FormatContext(ObjectIdentifier table, List<Column> columns, TableOptions options,
                            String optionPrefix) {

    public FormatContext {
        columns = List.copyOf(columns);
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
