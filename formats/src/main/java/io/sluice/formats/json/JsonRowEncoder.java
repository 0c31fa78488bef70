package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.io.UncheckedIOException;
import java.util.List;

/** Writes JSON documents: the shared part of the plain and the CDC JSON encoders. */
public abstract class JsonRowEncoder implements io.sluice.api.format.RowEncoder {
    private static final ObjectWriter WRITER = new ObjectMapper().writer();

    protected final JsonValues values;
    protected final List<String> names;
    protected final List<LogicalType> types;

    protected JsonRowEncoder(List<Column> columns, JsonValues values) {
        this.values = values;
        this.names = columns.stream().map(Column::name).toList();
        this.types = columns.stream().map(Column::type).toList();
    }

    protected static byte[] bytes(JsonNode document) {
        try {
            return WRITER.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
