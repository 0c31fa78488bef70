package io.sluice.formats.json;

import io.sluice.api.data.Row;
import io.sluice.api.table.Column;
import java.util.List;
import java.util.function.Consumer;

/** One JSON object per message, its members by column name, read as an insert. */
final class JsonRowDecoder extends JsonMessageDecoder {
    private final JsonObjectFields object;

    JsonRowDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean failOnMissingField) {
        super(columns, values, ignoreParseErrors);
        this.object = new JsonObjectFields(columns, values, failOnMissingField, reader());
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        JsonObjectScanner members = JsonObjectScanner.of(message, 0, message.length);
        if (members != null) {
            output.accept(Row.insert(object.read(message, members)));
        }
    }
}
