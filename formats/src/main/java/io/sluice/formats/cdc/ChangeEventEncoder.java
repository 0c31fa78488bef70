package io.sluice.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.table.Column;
import io.sluice.formats.json.JsonRowEncoder;
import io.sluice.formats.json.JsonValues;
import java.util.List;

/**
 * Writes a changelog as CDC events, as Flink's CDC formats do: an insert or update's new row as a
 * create/insert event, a delete or update's old row as a delete event.
 */
final class ChangeEventEncoder extends JsonRowEncoder {

    /** How one CDC tool writes an added or a removed row. */
    enum Style {
        DEBEZIUM {
            @Override
            JsonNode event(JsonNode row, boolean added) {
                ObjectNode event = NODES.objectNode();
                event.set("before", added ? NODES.nullNode() : row);
                event.set("after", added ? row : NODES.nullNode());
                event.put("op", added ? "c" : "d");
                return event;
            }
        },
        CANAL {
            @Override
            JsonNode event(JsonNode row, boolean added) {
                ObjectNode event = NODES.objectNode();
                event.putArray("data").add(row);
                event.put("type", added ? "INSERT" : "DELETE");
                return event;
            }
        },
        MAXWELL {
            @Override
            JsonNode event(JsonNode row, boolean added) {
                ObjectNode event = NODES.objectNode();
                event.set("data", row);
                event.put("type", added ? "insert" : "delete");
                return event;
            }
        };

        private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

        abstract JsonNode event(JsonNode row, boolean added);
    }

    private final Style style;

    ChangeEventEncoder(List<Column> columns, JsonValues values, Style style) {
        super(columns, values);
        this.style = style;
    }

    @Override
    public byte[] encode(Row row) {
        boolean added = row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER;
        return bytes(style.event(values.writeFields(row.fields(), names, types), added));
    }
}
