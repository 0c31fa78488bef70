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
 * Reads a message as one JSON document and turns it into rows, as a subclass says; a malformed message
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
            read(message, output);
            return true;
        } catch (MalformedMessageException e) {
            if (ignoreParseErrors) {
                return false;
            }
            throw e;
        }
    }

    /** Emits the rows {@code message} (not null) stands for. */
    protected abstract void read(byte[] message, Consumer<Row> output);

    /** {@code message} as a JSON tree; null for a message of white space only. */
    protected static JsonNode parseTree(byte[] message) {
        try {
            JsonNode root = READER.readTree(message);
            return root == null || root.isMissingNode() ? null : root;
        } catch (JsonProcessingException e) {
            throw notJson(e);
        } catch (IOException e) {
            throw new MalformedMessageException("not readable as JSON: " + e.getMessage(), e);
        }
    }

    private static MalformedMessageException notJson(JsonProcessingException e) {
        return new MalformedMessageException("not valid JSON: " + e.getOriginalMessage() + " at character "
                + e.getLocation().getCharOffset());
    }

    /** The reader every JSON decoder parses with (exact decimals). */
    protected static ObjectReader reader() {
        return READER;
    }

    /** The columns' values in {@code object}, which must be a JSON object ({@code what} names it in errors). */
    protected Object[] fields(JsonNode object, String what) {
        if (object == null || !object.isObject()) {
            throw new MalformedMessageException(what + " is not a JSON object" + (object == null ? " (missing)" : ""));
        }
        return values.readFields(object, names, types);
    }
}
