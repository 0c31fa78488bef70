package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectReader;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the columns' values out of a JSON object as a stream of tokens: members that are not columns are
 * skipped unbuilt, strings, whole numbers and booleans go straight to their columns ({@link JsonValues}).
 */
public final class JsonObjectFields {
    private final JsonValues values;
    private final List<String> names;
    private final List<LogicalType> types;
    private final Map<String, Integer> columnIndex = new HashMap<>();
    private final boolean failOnMissingField;
    private final ObjectReader trees;

    public JsonObjectFields(List<Column> columns, JsonValues values, boolean failOnMissingField, ObjectReader trees) {
        this.values = values;
        this.names = columns.stream().map(Column::name).toList();
        this.types = columns.stream().map(Column::type).toList();
        for (int i = 0; i < columns.size(); i++) {
            columnIndex.put(columns.get(i).name(), i);
        }
        this.failOnMissingField = failOnMissingField;
        this.trees = trees;
    }

    /** The columns' values of the object whose START_OBJECT the parser stands on; leaves it on its END_OBJECT. */
    public Object[] read(JsonParser parser) throws IOException {
        Object[] fields = new Object[names.size()];
        boolean[] present = failOnMissingField ? new boolean[fields.length] : null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            Integer index = columnIndex.get(parser.currentName());
            JsonToken value = parser.nextToken();
            if (index == null) {
                parser.skipChildren();
                continue;
            }
            fields[index] = values.read(parser, value, types.get(index), names.get(index), trees);
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
