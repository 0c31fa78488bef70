package io.sluice.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.formats.json.JsonMessageDecoder;
import io.sluice.formats.json.JsonValues;
import java.util.List;
import java.util.function.Consumer;

/**
 * Maxwell's change messages: {@code type} insert, update or delete of the row in {@code data}; an
 * update's {@code old} holds the old values of the columns that changed. Bootstrap and DDL messages
 * carry no change and are skipped.
 */
final class MaxwellJsonDecoder extends JsonMessageDecoder {

    MaxwellJsonDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors) {
        super(columns, values, ignoreParseErrors);
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        JsonNode root = parseTree(message);
        if (root == null) {
            return;
        }
        String type = root.path("type").asText("");
        switch (type) {
            case "insert", "bootstrap-insert" -> output.accept(Row.of(RowKind.INSERT, fields(root.get("data"), "'data'")));
            case "delete" -> output.accept(Row.of(RowKind.DELETE, fields(root.get("data"), "'data'")));
            case "update" -> {
                JsonNode data = root.get("data");
                JsonNode old = root.get("old");
                if (data == null || !data.isObject() || old == null || !old.isObject()) {
                    throw new MalformedMessageException("an update needs 'data' and 'old' objects");
                }
                ObjectNode before = ((ObjectNode) data).deepCopy();
                before.setAll((ObjectNode) old);
                output.accept(Row.of(RowKind.UPDATE_BEFORE, fields(before, "'old'")));
                output.accept(Row.of(RowKind.UPDATE_AFTER, fields(data, "'data'")));
            }
            default -> {
                if (root.get("type") == null) {
                    throw new MalformedMessageException("no 'type' member: not a Maxwell change message");
                }
            }
        }
    }
}
