package io.sluice.formats.cdc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.formats.json.JsonMessageDecoder;
import io.sluice.formats.json.JsonObjectFields;
import io.sluice.formats.json.JsonValues;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Debezium's change events: {@code op} {@code c} (create) and {@code r} (snapshot read) insert
 * {@code after}; {@code u} retracts {@code before} and adds {@code after}; {@code d} deletes
 * {@code before}. With {@code schema-include} the event sits in {@code payload}. Other members
 * ({@code source}, {@code ts_ms}, the schema) are skipped unread; a null message (Kafka's tombstone after a
 * delete) is skipped. The event is read as a stream of tokens, the rows straight into the columns.
 */
final class DebeziumJsonDecoder extends JsonMessageDecoder {
    private final boolean schemaInclude;
    private final JsonObjectFields rows;

    DebeziumJsonDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean schemaInclude) {
        super(columns, values, ignoreParseErrors);
        this.schemaInclude = schemaInclude;
        this.rows = new JsonObjectFields(columns, values, false, reader());
    }

    /** What one event holds: its op and rows (null where absent or JSON null). */
    private static final class Event {
        String op;
        Object[] before;
        Object[] after;
        boolean hasSchema;
        boolean hasPayload;
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        Event event = new Event();
        if (streamObject(message, parser -> readEvent(parser, event, schemaInclude))) {
            emit(event, output);
        }
    }

    /** Reads the members of the object the parser stands on; with {@code inPayload}, descends into payload. */
    private void readEvent(JsonParser parser, Event event, boolean inPayload) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (name) {
                case "op" -> event.op = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                case "before" -> event.before = row(parser, value, "'before'");
                case "after" -> event.after = row(parser, value, "'after'");
                case "payload" -> {
                    event.hasPayload = true;
                    if (inPayload && value == JsonToken.START_OBJECT) {
                        readEvent(parser, event, false);
                    } else {
                        parser.skipChildren();
                    }
                }
                case "schema" -> {
                    event.hasSchema = true;
                    parser.skipChildren();
                }
                default -> parser.skipChildren();
            }
        }
    }

    private Object[] row(JsonParser parser, JsonToken value, String member) throws IOException {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value != JsonToken.START_OBJECT) {
            throw new MalformedMessageException(member + " is not a JSON object");
        }
        return rows.read(parser);
    }

    private void emit(Event event, Consumer<Row> output) {
        if (schemaInclude && !event.hasPayload) {
            throw new MalformedMessageException("no 'payload' member, although 'debezium-json.schema-include' "
                    + "is true; set it to false for events without a schema");
        }
        if (!schemaInclude && event.hasSchema && event.hasPayload) {
            throw new MalformedMessageException("the event has 'schema' and 'payload' members: set "
                    + "'debezium-json.schema-include' = 'true' to read events written with the schema included");
        }
        if (event.op == null) {
            throw new MalformedMessageException("no 'op' member: not a Debezium change event");
        }
        switch (event.op) {
            case "c", "r" -> output.accept(Row.of(RowKind.INSERT, present(event.after, "'after'")));
            case "u" -> {
                output.accept(Row.of(RowKind.UPDATE_BEFORE, image(event.before, "UPDATE")));
                output.accept(Row.of(RowKind.UPDATE_AFTER, present(event.after, "'after'")));
            }
            case "d" -> output.accept(Row.of(RowKind.DELETE, image(event.before, "DELETE")));
            case "t", "m" -> {
                // A truncate or a logical-decoding message carries no row.
            }
            default -> throw new MalformedMessageException("unknown 'op' value \"" + event.op + "\"");
        }
    }

    private static Object[] present(Object[] row, String member) {
        if (row == null) {
            throw new MalformedMessageException(member + " is not a JSON object (missing)");
        }
        return row;
    }

    /** The old row of an update or delete, which Debezium leaves out unless the table logs full rows. */
    private static Object[] image(Object[] before, String change) {
        if (before == null) {
            throw new MalformedMessageException("the 'before' member of a " + change + " event is null: the source "
                    + "table must log whole old rows (PostgreSQL: ALTER TABLE ... REPLICA IDENTITY FULL)");
        }
        return before;
    }
}
