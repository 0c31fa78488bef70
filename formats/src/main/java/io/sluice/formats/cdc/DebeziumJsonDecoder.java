package io.sluice.formats.cdc;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.formats.json.JsonMessageDecoder;
import io.sluice.formats.json.JsonObjectFields;
import io.sluice.formats.json.JsonObjectScanner;
import io.sluice.formats.json.JsonValues;
import java.util.List;
import java.util.function.Consumer;

/**
 * Debezium's change events: {@code op} {@code c} (create) and {@code r} (snapshot read) insert
 * {@code after}; {@code u} retracts {@code before} and adds {@code after}; {@code d} deletes
 * {@code before}. With {@code schema-include} the event sits in {@code payload}. A null message (Kafka's
 * tombstone after a delete) is skipped.
 *
 * <p>The event's members are found first ({@link JsonObjectScanner}); only the rows its op needs are then
 * read, straight into the columns, so {@code source}, {@code ts_ms} and the schema cost a scan, and so does
 * an update's {@code before} when no one reads the -U rows (it may then even be null).
 */
final class DebeziumJsonDecoder extends JsonMessageDecoder {
    private final boolean schemaInclude;
    private final boolean updateBefore;
    private final JsonObjectFields rows;

    DebeziumJsonDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean schemaInclude,
                        boolean updateBefore) {
        super(columns, values, ignoreParseErrors);
        this.schemaInclude = schemaInclude;
        this.updateBefore = updateBefore;
        this.rows = new JsonObjectFields(columns, values, false, reader());
    }

    /** Where one event's parts are: its op, and the byte ranges of its rows (start -1 where absent or null). */
    private static final class Event {
        String op;
        int beforeStart = -1;
        int beforeEnd;
        int afterStart = -1;
        int afterEnd;
        boolean hasSchema;
        boolean hasPayload;
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        JsonObjectScanner members = JsonObjectScanner.of(message, 0, message.length);
        if (members == null) {
            return;
        }
        Event event = new Event();
        scan(members, event, schemaInclude);
        emit(message, event, output);
    }

    /** Finds the members of an object; with {@code inPayload}, also those of its payload object. */
    private static void scan(JsonObjectScanner members, Event event, boolean inPayload) {
        while (members.next()) {
            if (members.nameIs("op")) {
                event.op = members.valueKind() == '"' ? members.valueString() : null;
            } else if (members.nameIs("before")) {
                event.beforeStart = rowStart(members, "'before'");
                event.beforeEnd = members.valueEnd();
            } else if (members.nameIs("after")) {
                event.afterStart = rowStart(members, "'after'");
                event.afterEnd = members.valueEnd();
            } else if (members.nameIs("payload")) {
                event.hasPayload = true;
                if (inPayload && members.valueKind() == '{') {
                    scan(members.valueObject(), event, false);
                }
            } else if (members.nameIs("schema")) {
                event.hasSchema = true;
            }
        }
    }

    /** Where a row's object starts; -1 for null. */
    private static int rowStart(JsonObjectScanner members, String member) {
        if (members.valueIsNull()) {
            return -1;
        }
        if (members.valueKind() != '{') {
            throw new MalformedMessageException(member + " is not a JSON object");
        }
        return members.valueStart();
    }

    private void emit(byte[] message, Event event, Consumer<Row> output) {
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
            case "c", "r" -> output.accept(Row.of(RowKind.INSERT, after(message, event)));
            case "u" -> {
                if (updateBefore) {
                    output.accept(Row.of(RowKind.UPDATE_BEFORE, before(message, event, "UPDATE")));
                }
                output.accept(Row.of(RowKind.UPDATE_AFTER, after(message, event)));
            }
            case "d" -> output.accept(Row.of(RowKind.DELETE, before(message, event, "DELETE")));
            case "t", "m" -> {
                // A truncate or a logical-decoding message carries no row.
            }
            default -> throw new MalformedMessageException("unknown 'op' value \"" + event.op + "\"");
        }
    }

    private Object[] after(byte[] message, Event event) {
        if (event.afterStart < 0) {
            throw new MalformedMessageException("'after' is not a JSON object (missing)");
        }
        return rows.read(message, event.afterStart, event.afterEnd);
    }

    /** The old row of an update or delete, which Debezium leaves out unless the table logs full rows. */
    private Object[] before(byte[] message, Event event, String change) {
        if (event.beforeStart < 0) {
            throw new MalformedMessageException("the 'before' member of a " + change + " event is null: the source "
                    + "table must log whole old rows (PostgreSQL: ALTER TABLE ... REPLICA IDENTITY FULL)");
        }
        return rows.read(message, event.beforeStart, event.beforeEnd);
    }
}
