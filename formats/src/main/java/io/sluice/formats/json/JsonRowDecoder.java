package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.sluice.api.data.Row;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/** One JSON object per message, its members by column name, read as an insert from a stream of tokens. */
final class JsonRowDecoder extends JsonMessageDecoder {
    private final JsonObjectFields object;

    JsonRowDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean failOnMissingField) {
        super(columns, values, ignoreParseErrors);
        this.object = new JsonObjectFields(columns, values, failOnMissingField, reader());
    }

    @Override
    protected void read(byte[] message, Consumer<Row> output) {
        try (JsonParser parser = reader().createParser(message)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return;
            }
            if (first != JsonToken.START_OBJECT) {
                throw new MalformedMessageException("the message is not a JSON object");
            }
            output.accept(Row.insert(object.read(parser)));
        } catch (JsonProcessingException e) {
            throw notJson(e);
        } catch (IOException e) {
            throw new MalformedMessageException("not readable as JSON: " + e.getMessage(), e);
        }
    }
}
