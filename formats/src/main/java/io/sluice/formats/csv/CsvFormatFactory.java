package io.sluice.formats.csv;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.TypeRoot;
import java.util.Set;

/**
 * {@code 'format' = 'csv'}: one line per message, fields in column order, read and written as inserts,
 * with Flink's csv options.
 */
public final class CsvFormatFactory implements FormatFactory {
    static final ConfigOption<String> FIELD_DELIMITER = ConfigOption.stringOption("csv.field-delimiter")
            .defaultValue(",").description("The single character between fields").build();
    static final ConfigOption<String> QUOTE_CHARACTER = ConfigOption.stringOption("csv.quote-character")
            .defaultValue("\"").description("The character that encloses a field holding the delimiter").build();
    static final ConfigOption<Boolean> DISABLE_QUOTE_CHARACTER = ConfigOption
            .booleanOption("csv.disable-quote-character").defaultValue(false)
            .description("Read quote characters as ordinary characters and never quote when writing").build();
    static final ConfigOption<Boolean> ALLOW_COMMENTS = ConfigOption.booleanOption("csv.allow-comments")
            .defaultValue(false).description("Skip lines that start with '#'").build();
    static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOption.booleanOption("csv.ignore-parse-errors")
            .defaultValue(false).description("Skip a malformed line (and count it) instead of failing the job")
            .build();
    static final ConfigOption<String> ESCAPE_CHARACTER = ConfigOption.stringOption("csv.escape-character")
            .description("The character that makes the next one literal (default: none)").build();
    static final ConfigOption<String> NULL_LITERAL = ConfigOption.stringOption("csv.null-literal")
            .description("The text read and written as NULL (default: an empty field of a non-string column "
                    + "reads as NULL, and NULL is written as an empty field)").build();

    @Override
    public String identifier() {
        return "csv";
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(FIELD_DELIMITER, QUOTE_CHARACTER, DISABLE_QUOTE_CHARACTER, ALLOW_COMMENTS,
                IGNORE_PARSE_ERRORS, ESCAPE_CHARACTER, NULL_LITERAL);
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        requireScalarColumns(context);
        return new CsvRowDecoder(context.columns(), dialect(context), context.get(NULL_LITERAL),
                context.get(ALLOW_COMMENTS), context.get(IGNORE_PARSE_ERRORS));
    }

    @Override
    public RowEncoder createEncoder(FormatContext context) {
        requireScalarColumns(context);
        return new CsvRowEncoder(context.columns(), dialect(context), context.get(NULL_LITERAL));
    }

    /** A CSV field is one scalar value: a ROW or MAP has no text form to read back. */
    private static void requireScalarColumns(FormatContext context) {
        for (Column column : context.columns()) {
            TypeRoot root = column.type().root();
            if (root == TypeRoot.ROW || root == TypeRoot.MAP) {
                throw new ValidationException("Table '" + context.table() + "': column '" + column.name() + "' is a "
                        + column.type() + ", which the csv format cannot hold: use the json format, or declare "
                        + "scalar columns");
            }
        }
    }

    private static CsvDialect dialect(FormatContext context) {
        char delimiter = character(context, FIELD_DELIMITER, context.get(FIELD_DELIMITER));
        char quote = context.get(DISABLE_QUOTE_CHARACTER) ? 0
                : character(context, QUOTE_CHARACTER, context.get(QUOTE_CHARACTER));
        String escape = context.get(ESCAPE_CHARACTER);
        return new CsvDialect(delimiter, quote, escape == null ? 0 : character(context, ESCAPE_CHARACTER, escape));
    }

    private static char character(FormatContext context, ConfigOption<String> option, String value) {
        String text = value.equals("\\t") ? "\t" : value;
        if (text.length() != 1) {
            throw new ValidationException("Table '" + context.table() + "': option '" + context.optionPrefix()
                    + option.key() + "' must be a single character, not '" + value + "'");
        }
        return text.charAt(0);
    }
}
