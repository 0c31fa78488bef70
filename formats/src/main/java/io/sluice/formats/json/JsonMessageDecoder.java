package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.DeserializationFeature;
import io.sluice.api.data.Row;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.types.LogicalType;
import io.sluice.api.table.Column;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Parses a message as one JSON document and lets a subclass turn it into rows; a malformed message
 * fails with what is wrong, or is skipped when the format ignores parse errors.
 */
public abstract class JsonMessageDecoder implements RowDecoder {
    private static final ObjectReader READER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).reader();

    protected final JsonValues values;
    protected final List<String> names;
    protected final List<LogicalType> types;
    private final boolean ignoreParseErrors;

    protected JsonMessageDecoder(List<Column> columns, JsonValues values, boolean ignoreParseErrors) {
        this.values = values;
        this.names = columns.stream().map(Column::name).toList();
        this.types = columns.stream().map(Column::type).toList();
        this.ignoreParseErrors = ignoreParseErrors;
    }

    @Override
    public final boolean decode(byte[] message, Consumer<Row> output) {
        if (message == null) {
            return true;
        }
        try {
            JsonNode root = parse(message);
            if (root == null || root.isMissingNode()) {
                return true;
            }
            emit(root, output);
            return true;
        } catch (MalformedMessageException e) {
            if (ignoreParseErrors) {
                return false;
            }
            throw e;
        }
    }

    private static JsonNode parse(byte[] message) {
        try {
            return READER.readTree(message);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException("not valid JSON: " + e.getOriginalMessage() + " at character "
                    + e.getLocation().getCharOffset());
        } catch (IOException e) {
            throw new MalformedMessageException("not readable as JSON: " + e.getMessage(), e);
        }
    }

    /** Emits the rows {@code root} stands for. */
    protected abstract void emit(JsonNode root, Consumer<Row> output);

    /** The columns' values in {@code object}, which must be a JSON object ({@code what} names it in errors). */
    protected Object[] fields(JsonNode object, String what) {
        if (object == null || !object.isObject()) {
            throw new MalformedMessageException(what + " is not a JSON object" + (object == null ? " (missing)" : ""));
        }
        return values.readFields(object, names, types);
    }
}
