package io.sluice.connectors.datagen;

import io.sluice.api.data.RowText;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.util.Collection;

/**
 * One column's {@code fields.<name>.*} options of a {@code datagen} table, read through the templates
 * declared in {@link DataGenTableFactory} (such as {@code fields.#.min}).
 */
final class FieldOptions {
    private static final String TEMPLATE_PREFIX = "fields.#.";

    private final TableOptions options;
    private final Column column;
    private final String prefix;

    FieldOptions(TableOptions options, Column column) {
        this.options = options;
        this.column = column;
        this.prefix = "fields." + column.name() + ".";
    }

    LogicalType type() {
        return column.type();
    }

    boolean has(ConfigOption<?> template) {
        return options.contains(forField(template));
    }

    /** The option's value or default; errors name the table and the field's key. */
    <T> T get(ConfigOption<T> template) {
        return options.get(forField(template));
    }

    /** The option's value parsed as this column's type, such as {@code fields.price.min} for a DECIMAL. */
    Object getTyped(ConfigOption<String> template) {
        String text = get(template);
        try {
            return RowText.parseValue(text, column.type());
        } catch (IllegalArgumentException e) {
            throw invalid(template, e.getMessage());
        }
    }

    /**
     * @throws ValidationException for the first option of this field that is not one of {@code allowed}
     */
    void allowOnly(Collection<ConfigOption<?>> allowed, String fieldDescription) {
        for (String key : options.withPrefix(prefix).keySet()) {
            if (allowed.stream().noneMatch(template -> template.key().equals(TEMPLATE_PREFIX + key))) {
                throw new ValidationException("Table '" + options.table() + "': option '" + prefix + key
                        + "' does not apply to " + fieldDescription + " '" + column.name() + "'; it takes "
                        + allowed.stream().map(template -> prefix + template.key().substring(TEMPLATE_PREFIX.length()))
                                .sorted().toList());
            }
        }
    }

    /** An error about one option's value of this field. */
    ValidationException invalid(ConfigOption<?> template, String problem) {
        ConfigOption<?> option = forField(template);
        return new ValidationException("Table '" + options.table() + "': option '" + option.key() + "' = '"
                + options.asMap().get(option.key()) + "': " + problem);
    }

    /** An error about this field as a whole. */
    ValidationException invalid(String problem) {
        return new ValidationException("Table '" + options.table() + "': field '" + column.name() + "' ("
                + column.type() + ") " + problem);
    }

    private <T> ConfigOption<T> forField(ConfigOption<T> template) {
        return template.withKey(prefix + template.key().substring(TEMPLATE_PREFIX.length()));
    }
}
