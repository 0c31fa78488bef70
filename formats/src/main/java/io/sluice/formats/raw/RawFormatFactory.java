package io.sluice.formats.raw;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import io.sluice.api.types.TypeRoot;
import java.nio.charset.Charset;
import java.util.Set;

/**
 * {@code 'format' = 'raw'}: the whole message is the value of the table's one column, a STRING (in
 * {@code raw.charset}) or BYTES. A null message reads as NULL, and NULL is written as a null message.
 */
public final class RawFormatFactory implements FormatFactory {
    static final ConfigOption<Charset> CHARSET = ConfigOption.customOption("raw.charset", "charset name",
            Charset::forName).defaultValue(java.nio.charset.StandardCharsets.UTF_8)
            .description("The character set of a STRING column's messages").build();

    @Override
    public String identifier() {
        return "raw";
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(CHARSET);
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        boolean text = isText(context);
        Charset charset = context.get(CHARSET);
        return (message, output) -> {
            Object value = message == null ? null : text ? new String(message, charset) : message.clone();
            output.accept(Row.insert(value));
            return true;
        };
    }

    @Override
    public RowEncoder createEncoder(FormatContext context) {
        boolean text = isText(context);
        Charset charset = context.get(CHARSET);
        return row -> {
            if (row.kind() != RowKind.INSERT && row.kind() != RowKind.UPDATE_AFTER) {
                return null;
            }
            Object value = row.field(0);
            return value == null ? null : text ? ((String) value).getBytes(charset) : (byte[]) value;
        };
    }

    private static boolean isText(FormatContext context) {
        if (context.columns().size() != 1) {
            throw new ValidationException("Table '" + context.table() + "': format 'raw' reads exactly one column, "
                    + "but the table has " + context.columns().size() + " (" + String.join(", ",
                    context.columnNames()) + ")");
        }
        TypeRoot root = context.columns().get(0).type().root();
        if (root != TypeRoot.BYTES && !root.isCharacterString()) {
            throw new ValidationException("Table '" + context.table() + "': format 'raw' reads a STRING or BYTES "
                    + "column, not " + context.columns().get(0));
        }
        return root != TypeRoot.BYTES;
    }
}
