package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.sluice.api.data.Row;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One JSON object per message, its members by column name, read as an insert. The message is read as a
 * stream of tokens: members that are not columns are skipped without being built, which makes wide
 * messages of which a table reads a few fields cheap.
 */
final class JsonRowDecoder extends JsonMessageDecoder {
    private final Map<String, Integer> columnIndex = new HashMap<>();
    private final boolean failOnMissingField;

    JsonRowDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors, boolean failOnMissingField) {
        super(columns, values, ignoreParseErrors);
        for (int i = 0; i < columns.size(); i++) {
            columnIndex.put(columns.get(i).name(), i);
        }
        this.failOnMissingField = failOnMissingField;
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
            output.accept(Row.insert(fields(parser)));
        } catch (JsonProcessingException e) {
            throw notJson(e);
        } catch (IOException e) {
            throw new MalformedMessageException("not readable as JSON: " + e.getMessage(), e);
        }
    }

    private Object[] fields(JsonParser parser) throws IOException {
        Object[] fields = new Object[names.size()];
        boolean[] present = failOnMissingField ? new boolean[fields.length] : null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            Integer index = columnIndex.get(parser.currentName());
            JsonToken value = parser.nextToken();
            if (index == null) {
                parser.skipChildren();
                continue;
            }
            fields[index] = values.read(parser, value, types.get(index), names.get(index), reader());
            if (present != null) {
                present[index] = true;
            }
        }
        if (present != null) {
            for (int i = 0; i < present.length; i++) {
                if (!present[i]) {
                    throw new MalformedMessageException("field '" + names.get(i) + "' is missing");
                }
            }
        }
        return fields;
    }
}
