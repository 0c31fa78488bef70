package io.sluice.planner.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.table.WatermarkSpec;
import io.sluice.api.types.LogicalType;
import io.sluice.planner.parse.DataTypeParser;
import io.sluice.runtime.plan.ExecNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Converts the plan's records to JSON by their components and back. Node references become ids; changelog
 * modes and types are written in their text forms ({@code I,UB,UA}, {@code DECIMAL(12, 4) NOT NULL}).
 */
final class RecordCodec {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private RecordCodec() {
    }

    static ObjectNode write(Record record) {
        ObjectNode json = JSON.objectNode();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            try {
                json.set(component.getName(), value(component.getAccessor().invoke(record)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read " + component, e);
            }
        }
        return json;
    }

    private static JsonNode value(Object value) {
        if (value == null) {
            return JSON.nullNode();
        }
        if (value instanceof ExecNode node) {
            return JSON.numberNode(node.id());
        }
        if (value instanceof ChangelogMode mode) {
            return JSON.textNode(mode.toOptionString());
        }
        if (value instanceof LogicalType type) {
            return JSON.textNode(type.toString());
        }
        if (value instanceof TableSchema schema) {
            return schema(schema);
        }
        if (value instanceof Record record) {
            return write(record);
        }
        if (value instanceof List<?> list) {
            ArrayNode array = JSON.arrayNode();
            list.forEach(item -> array.add(value(item)));
            return array;
        }
        if (value instanceof int[] ints) {
            ArrayNode array = JSON.arrayNode();
            for (int i : ints) {
                array.add(i);
            }
            return array;
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode object = JSON.objectNode();
            new TreeMap<>(map).forEach((k, v) -> object.put(String.valueOf(k), String.valueOf(v)));
            return object;
        }
        if (value instanceof Enum<?> constant) {
            return JSON.textNode(constant.name());
        }
        if (value instanceof Boolean bool) {
            return JSON.booleanNode(bool);
        }
        if (value instanceof Number number) {
            return JSON.numberNode(number.longValue());
        }
        return JSON.textNode(value.toString());
    }

    private static JsonNode schema(TableSchema schema) {
        ObjectNode json = JSON.objectNode();
        ArrayNode columns = json.putArray("columns");
        schema.columns().forEach(c -> {
            ObjectNode column = JSON.objectNode().put("name", c.name()).put("type", c.type().toString());
            if (c.isMetadata()) {
                column.put("metadataKey", c.metadataKey()).put("virtual", c.virtual());
            }
            columns.add(column);
        });
        ArrayNode key = json.putArray("primaryKey");
        schema.primaryKey().forEach(key::add);
        schema.watermark().ifPresent(w -> json.set("watermark", write(w)));
        return json;
    }

    static Object read(Class<?> type, JsonNode json, Map<Integer, ExecNode> nodes) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] arguments = new Object[components.length];
        Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            parameterTypes[i] = components[i].getType();
            arguments[i] = read(components[i].getGenericType(), json.get(components[i].getName()), nodes);
        }
        try {
            return type.getDeclaredConstructor(parameterTypes).newInstance(arguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("Cannot build " + type.getSimpleName() + " from " + json, e);
        }
    }

    private static Object read(Type type, JsonNode json, Map<Integer, ExecNode> nodes) {
        if (json == null || json.isNull()) {
            // a flag added after a plan was written is absent from it: false, as the plan had no such feature
            return type == boolean.class ? Boolean.FALSE : null;
        }
        if (type instanceof ParameterizedType parameterized) {
            return readGeneric(parameterized, json, nodes);
        }
        Class<?> raw = (Class<?>) type;
        if (ExecNode.class.isAssignableFrom(raw)) {
            return nodes.get(json.asInt());
        }
        if (raw == ChangelogMode.class) {
            return ChangelogMode.parse(json.asText());
        }
        if (raw == LogicalType.class) {
            return DataTypeParser.parseType(json.asText());
        }
        if (raw == TableSchema.class) {
            return readSchema(json);
        }
        if (raw.isRecord()) {
            return read(raw, json, nodes);
        }
        return scalar(raw, json);
    }

    private static Object scalar(Class<?> raw, JsonNode json) {
        if (raw == int[].class) {
            int[] result = new int[json.size()];
            for (int i = 0; i < result.length; i++) {
                result[i] = json.get(i).asInt();
            }
            return result;
        }
        if (raw.isEnum()) {
            return enumConstant(raw, json.asText());
        }
        if (raw == int.class || raw == Integer.class) {
            return Integer.parseInt(json.asText());
        }
        if (raw == long.class || raw == Long.class) {
            return Long.parseLong(json.asText());
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return Boolean.parseBoolean(json.asText());
        }
        return json.asText();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> raw, String name) {
        return Enum.valueOf((Class) raw, name);
    }

    private static Object readGeneric(ParameterizedType type, JsonNode json, Map<Integer, ExecNode> nodes) {
        if (type.getRawType() == Map.class) {
            Map<String, String> map = new TreeMap<>();
            json.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
            return map;
        }
        Type element = type.getActualTypeArguments()[0];
        List<Object> list = new ArrayList<>();
        json.forEach(item -> list.add(read(element, item, nodes)));
        return list;
    }

    private static TableSchema readSchema(JsonNode json) {
        List<Column> columns = new ArrayList<>();
        json.get("columns").forEach(c -> columns.add(c.has("metadataKey")
                ? Column.metadata(c.get("name").asText(), DataTypeParser.parseType(c.get("type").asText()),
                        c.get("metadataKey").asText(), c.get("virtual").asBoolean())
                : new Column(c.get("name").asText(), DataTypeParser.parseType(c.get("type").asText()))));
        List<String> key = new ArrayList<>();
        json.get("primaryKey").forEach(k -> key.add(k.asText()));
        JsonNode watermark = json.get("watermark");
        return TableSchema.of(columns, key, watermark == null ? null
                : new WatermarkSpec(watermark.get("rowtimeColumn").asText(), watermark.get("expressionSql").asText()));
    }
}
