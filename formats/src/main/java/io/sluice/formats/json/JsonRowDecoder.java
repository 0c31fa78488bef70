package io.sluice.formats.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.data.Row;
import io.sluice.api.table.Column;
import java.util.List;
import java.util.function.Consumer;

/** One JSON object per message, its members by column name, read as an insert. */
final class JsonRowDecoder extends JsonMessageDecoder {

    JsonRowDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors) {
        super(columns, values, ignoreParseErrors);
    }

    @Override
    protected void emit(JsonNode root, Consumer<Row> output) {
        output.accept(Row.insert(fields(root, "the message")));
    }
}
