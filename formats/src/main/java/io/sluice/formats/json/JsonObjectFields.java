package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the columns' values out of a JSON object: its members are found by {@link JsonObjectScanner},
 * members that are not columns are skipped unbuilt, the common values go straight from their bytes to
 * their columns ({@link PlainJsonValues}) and the others through a parser over their bytes
 * ({@link JsonValues}).
 */
public final class JsonObjectFields {
    private final JsonValues values;
    private final List<String> names;
    private final byte[][] utf8Names;
    private final List<LogicalType> types;
    private final boolean failOnMissingField;
    private final ObjectReader trees;

    public JsonObjectFields(List<Column> columns, JsonValues values, boolean failOnMissingField, ObjectReader trees) {
        this.values = values;
        this.names = columns.stream().map(Column::name).toList();
        this.utf8Names = names.stream().map(name -> name.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        this.types = columns.stream().map(Column::type).toList();
        this.failOnMissingField = failOnMissingField;
        this.trees = trees;
    }

    /**
     * The columns' values of the object that fills {@code json[start, end)} (white space around it allowed).
     *
     * @throws MalformedMessageException when it is no JSON object, or a value is not one of its column's type
     */
    public Object[] read(byte[] json, int start, int end) {
        JsonObjectScanner members = JsonObjectScanner.of(json, start, end);
        if (members == null) {
            throw new MalformedMessageException("the message is not a JSON object");
        }
        return read(json, members);
    }

    /** The columns' values of the object {@code members} stands before the first member of. */
    public Object[] read(byte[] json, JsonObjectScanner members) {
        Object[] fields = new Object[names.size()];
        boolean[] present = failOnMissingField ? new boolean[fields.length] : null;
        int expected = 0;
        while (members.next()) {
            int index = columnOf(members, expected);
            if (index < 0) {
                continue;
            }
            expected = index + 1;
            fields[index] = value(json, members, index);
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

    /** The column the current member is, trying first the one after the last found (members come in order). */
    private int columnOf(JsonObjectScanner members, int expected) {
        if (expected < utf8Names.length && members.nameIs(utf8Names[expected], names.get(expected))) {
            return expected;
        }
        for (int i = 0; i < utf8Names.length; i++) {
            if (i != expected && members.nameIs(utf8Names[i], names.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private Object value(byte[] json, JsonObjectScanner members, int index) {
        LogicalType type = types.get(index);
        Object plain = PlainJsonValues.read(json, members.valueStart(), members.valueEnd(), type, values,
                names.get(index));
        if (plain != JsonValues.UNREAD) {
            return plain;
        }
        try (JsonParser parser = trees.createParser(json, members.valueStart(),
                members.valueEnd() - members.valueStart())) {
            return values.read(parser, parser.nextToken(), type, names.get(index), trees);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException("not valid JSON: " + e.getOriginalMessage() + " in field '"
                    + names.get(index) + "'", e);
        } catch (IOException e) {
            throw new MalformedMessageException("not readable as JSON: " + e.getMessage(), e);
        }
    }
}
