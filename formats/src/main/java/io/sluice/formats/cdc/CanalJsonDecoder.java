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
import java.util.regex.Pattern;

/**
 * Canal's change messages: {@code data} holds the rows (new rows for INSERT and UPDATE, old ones for
 * DELETE), {@code old} holds, per updated row, the old values of the columns that changed. Messages of
 * other types (DDL such as CREATE or ALTER) and of databases or tables outside the include patterns
 * are skipped.
 */
final class CanalJsonDecoder extends JsonMessageDecoder {
    private final Pattern databaseInclude;
    private final Pattern tableInclude;

    CanalJsonDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, Pattern databaseInclude,
                     Pattern tableInclude) {
        super(columns, values, ignoreParseErrors);
        this.databaseInclude = databaseInclude;
        this.tableInclude = tableInclude;
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        JsonNode root = parseTree(message);
        if (root == null) {
            return;
        }
        if (!included(root, "database", databaseInclude) || !included(root, "table", tableInclude)) {
            return;
        }
        String type = root.path("type").asText("");
        switch (type) {
            case "INSERT" -> data(root).forEach(row -> output.accept(Row.of(RowKind.INSERT, fields(row, "'data'"))));
            case "DELETE" -> data(root).forEach(row -> output.accept(Row.of(RowKind.DELETE, fields(row, "'data'"))));
            case "UPDATE" -> update(root, output);
            default -> {
                // DDL and other statements carry no row changes.
            }
        }
    }

    private void update(JsonNode root, Consumer<Row> output) {
        JsonNode data = data(root);
        JsonNode old = root.get("old");
        if (old == null || !old.isArray() || old.size() != data.size()) {
            throw new MalformedMessageException("an UPDATE needs an 'old' array with one entry per 'data' row");
        }
        for (int i = 0; i < data.size(); i++) {
            ObjectNode before = ((ObjectNode) data.get(i)).deepCopy();
            before.setAll((ObjectNode) old.get(i));
            output.accept(Row.of(RowKind.UPDATE_BEFORE, fields(before, "'old'")));
            output.accept(Row.of(RowKind.UPDATE_AFTER, fields(data.get(i), "'data'")));
        }
    }

    private static JsonNode data(JsonNode root) {
        JsonNode data = root.get("data");
        if (data == null || !data.isArray()) {
            throw new MalformedMessageException("no 'data' array: not a Canal change message");
        }
        for (JsonNode row : data) {
            if (!row.isObject()) {
                throw new MalformedMessageException("an entry of 'data' is not a JSON object");
            }
        }
        return data;
    }

    private static boolean included(JsonNode root, String member, Pattern include) {
        return include == null || include.matcher(root.path(member).asText("")).matches();
    }
}
