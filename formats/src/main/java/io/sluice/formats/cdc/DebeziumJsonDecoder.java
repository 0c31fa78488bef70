package io.sluice.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.formats.json.JsonMessageDecoder;
import io.sluice.formats.json.JsonValues;
import java.util.List;
import java.util.function.Consumer;

/**
 * Debezium's change events: {@code op} {@code c} (create) and {@code r} (snapshot read) insert
 * {@code after}; {@code u} retracts {@code before} and adds {@code after}; {@code d} deletes
 * {@code before}. With {@code schema-include} the event sits in {@code payload}. Other members
 * ({@code source}, {@code ts_ms}) are ignored; a null message (Kafka's tombstone after a delete) is skipped.
 */
final class DebeziumJsonDecoder extends JsonMessageDecoder {
    private final boolean schemaInclude;

    DebeziumJsonDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean schemaInclude) {
        super(columns, values, ignoreParseErrors);
        this.schemaInclude = schemaInclude;
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        JsonNode root = parseTree(message);
        if (root == null) {
            return;
        }
        JsonNode event = root;
        if (schemaInclude) {
            event = root.get("payload");
            if (event == null) {
                throw new MalformedMessageException("no 'payload' member, although 'debezium-json.schema-include' "
                        + "is true; set it to false for events without a schema");
            }
        } else if (root.has("schema") && root.has("payload")) {
            throw new MalformedMessageException("the event has 'schema' and 'payload' members: set "
                    + "'debezium-json.schema-include' = 'true' to read events written with the schema included");
        }
        String op = event.path("op").asText(null);
        if (op == null) {
            throw new MalformedMessageException("no 'op' member: not a Debezium change event");
        }
        switch (op) {
            case "c", "r" -> output.accept(Row.of(RowKind.INSERT, fields(event.get("after"), "'after'")));
            case "u" -> {
                output.accept(Row.of(RowKind.UPDATE_BEFORE, image(event, "before", "UPDATE")));
                output.accept(Row.of(RowKind.UPDATE_AFTER, fields(event.get("after"), "'after'")));
            }
            case "d" -> output.accept(Row.of(RowKind.DELETE, image(event, "before", "DELETE")));
            case "t", "m" -> {
                // A truncate or a logical-decoding message carries no row.
            }
            default -> throw new MalformedMessageException("unknown 'op' value \"" + op + "\"");
        }
    }

    /** The old row of an update or delete, which Debezium leaves out unless the table logs full rows. */
    private Object[] image(JsonNode event, String member, String change) {
        JsonNode before = event.get(member);
        if (before == null || before.isNull()) {
            throw new MalformedMessageException("the 'before' member of a " + change + " event is null: the source "
                    + "table must log whole old rows (PostgreSQL: ALTER TABLE ... REPLICA IDENTITY FULL)");
        }
        return fields(before, "'before'");
    }
}
