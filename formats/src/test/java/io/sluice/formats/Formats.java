package io.sluice.formats;

import io.sluice.api.data.Row;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatDiscovery;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Decoders and encoders of a format as a table with {@code options} would get them. */
final class Formats {
    static final ObjectIdentifier TABLE = ObjectIdentifier.of("t");

    private final FormatFactory factory;
    private final FormatContext context;

    Formats(String format, List<Column> columns, Map<String, String> options) {
        this.factory = FormatDiscovery.find("t", "format", format, Formats.class.getClassLoader());
        this.context = new FormatContext(TABLE, columns, new TableOptions(TABLE, options), "");
    }

    Formats(String format, List<Column> columns) {
        this(format, columns, Map.of());
    }

    private Formats(FormatFactory factory, FormatContext context) {
        this.factory = factory;
        this.context = context;
    }

    /** The same format for a job that reads no -U rows. */
    Formats withoutUpdateBefore() {
        return new Formats(factory, context.withoutUpdateBefore());
    }

    RowDecoder decoder() {
        return factory.createDecoder(context);
    }

    RowEncoder encoder() {
        return factory.createEncoder(context);
    }

    /** The rows of {@code message}, printed as Flink prints them. */
    List<String> decode(String message) {
        List<String> rows = new ArrayList<>();
        decoder().decode(message == null ? null : message.getBytes(StandardCharsets.UTF_8),
                row -> rows.add(row.toString()));
        return rows;
    }

    String encode(Row row) {
        byte[] bytes = encoder().encode(row);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
