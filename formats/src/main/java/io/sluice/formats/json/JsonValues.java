package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.data.RowText;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between JSON values and the Java values of SQL types, as Flink's json format does: numbers
 * and booleans may also come as strings, a STRING column takes a nested object as its JSON text, BYTES
 * are base64, a DECIMAL is rounded to its scale (NULL when it has too many digits), a ROW or a MAP is an object.
 */
public final class JsonValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    /** What a fast path returns when it leaves the value to the general one. */
    static final Object UNREAD = new Object();

    private final boolean failOnMissingField;
    private final TimestampStandard standard;

    public JsonValues(boolean failOnMissingField, TimestampStandard standard) {
        this.failOnMissingField = failOnMissingField;
        this.standard = standard;
    }

    /** The fields {@code names} of {@code object} as values of {@code types}, in that order. */
    public Object[] readFields(JsonNode object, List<String> names, List<LogicalType> types) {
        Object[] fields = new Object[names.size()];
        for (int i = 0; i < fields.length; i++) {
            JsonNode node = object.get(names.get(i));
            if (node == null && failOnMissingField) {
                throw new MalformedMessageException("field '" + names.get(i) + "' is missing");
            }
            fields[i] = read(node, types.get(i), names.get(i));
        }
        return fields;
    }

    /**
     * The value the parser stands on ({@code token}) as {@code type}, read straight from the token for the
     * common cases (a string for a string or time column, a whole number for an integer one, a boolean),
     * through a tree of the value otherwise. The parser is left on the value's last token.
     */
    Object read(JsonParser parser, JsonToken token, LogicalType type, String field, ObjectReader trees)
            throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        TypeRoot root = type.root();
        try {
            if (token == JsonToken.VALUE_STRING) {
                Object value = fromString(parser.getText(), type);
                if (value != UNREAD) {
                    return value;
                }
            } else if (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT) {
                switch (root) {
                    case INT:
                        return parser.getIntValue();
                    case BIGINT:
                        return (long) parser.getIntValue();
                    default:
                        break;
                }
            } else if (token == JsonToken.VALUE_NUMBER_INT && root == TypeRoot.BIGINT
                    && parser.getNumberType() == JsonParser.NumberType.LONG) {
                return parser.getLongValue();
            } else if ((token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) && root == TypeRoot.BOOLEAN) {
                return token == JsonToken.VALUE_TRUE;
            } else if (token.isNumeric() && root == TypeRoot.DECIMAL) {
                return decimal(parser.getDecimalValue(), type);
            }
        } catch (RuntimeException e) {
            throw MalformedMessageException.cannotRead(field, parser.getText(), type, e);
        }
        return read(trees.readTree(parser), type, field);
    }

    /** The value of {@code node} as {@code type}; null for a missing or JSON null node. */
    public Object read(JsonNode node, LogicalType type, String field) {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return convert(node, type, field);
        } catch (MalformedMessageException e) {
            throw e;
        } catch (RuntimeException | IOException e) {
            String value = node.isContainerNode() ? node.toString() : node.asText();
            throw MalformedMessageException.cannotRead(field, value, type, e);
        }
    }

    private Object convert(JsonNode node, LogicalType type, String field) throws IOException {
        return switch (type.root()) {
            case BOOLEAN -> node.isBoolean() ? node.booleanValue() : parseBoolean(node.asText().trim());
            case TINYINT -> Byte.parseByte(integerText(node));
            case SMALLINT -> Short.parseShort(integerText(node));
            case INT -> node.canConvertToInt() && node.isIntegralNumber() ? node.intValue()
                    : Integer.parseInt(node.asText().trim());
            case BIGINT -> node.canConvertToLong() && node.isIntegralNumber() ? node.longValue()
                    : Long.parseLong(node.asText().trim());
            case FLOAT -> node.isNumber() ? node.floatValue() : Float.parseFloat(node.asText().trim());
            case DOUBLE -> node.isNumber() ? node.doubleValue() : Double.parseDouble(node.asText().trim());
            case DECIMAL -> decimal(node.isNumber() ? node.decimalValue() : new BigDecimal(node.asText().trim()), type);
            case CHAR, VARCHAR -> node.isContainerNode() ? node.toString() : node.asText();
            case DATE -> LocalDate.parse(node.asText().trim());
            case TIME -> truncate(LocalTime.parse(node.asText().trim()), type);
            case TIMESTAMP -> RowText.parseValue(node.asText(), type);
            case TIMESTAMP_LTZ -> instant(node.asText().trim(), type);
            case BYTES -> node.isBinary() ? node.binaryValue() : java.util.Base64.getDecoder().decode(node.asText());
            case ROW -> {
                if (!node.isObject()) {
                    throw new MalformedMessageException("field '" + field + "': expected an object for " + type);
                }
                yield readFields(node, type.fieldNames(), type.fieldTypes());
            }
            case MAP -> readMap(node, type, field);
        };
    }

    private static String integerText(JsonNode node) {
        return node.isIntegralNumber() ? node.asText() : node.asText().trim();
    }

    private static boolean parseBoolean(String text) {
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    /**
     * A JSON string's text as the value of a string, TIMESTAMP or TIMESTAMP_LTZ column; {@link #UNREAD} for
     * the other types, which read it through a tree.
     *
     * @throws RuntimeException when the text is no value of the type
     */
    Object fromString(String text, LogicalType type) {
        return switch (type.root()) {
            case CHAR, VARCHAR -> text;
            case TIMESTAMP -> RowText.parseValue(text, type);
            case TIMESTAMP_LTZ -> instant(text.trim(), type);
            default -> UNREAD;
        };
    }

    /** Rounded half-up to the type's scale, NULL when it then has more digits than the precision allows. */
    static BigDecimal decimal(BigDecimal value, LogicalType type) {
        BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
        return scaled.precision() > type.precision() ? null : scaled;
    }

    /**
     * A TIMESTAMP_LTZ: the common {@code ...Z} form read as a plain timestamp in UTC (the formatter costs
     * several times more per value), any other offset, or none (UTC), through the formatter.
     */
    private static Instant instant(String text, LogicalType type) {
        if (text.endsWith("Z")) {
            LocalDateTime utc = (LocalDateTime) RowText.parseValue(text.substring(0, text.length() - 1),
                    LogicalType.timestamp(type.precision()));
            return utc.toInstant(ZoneOffset.UTC);
        }
        TemporalAccessor parsed;
        try {
            parsed = TimestampStandard.reader().parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("expected a timestamp such as 2026-12-02 10:15:30.123Z");
        }
        ZoneOffset offset = parsed.isSupported(ChronoField.OFFSET_SECONDS)
                ? ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS)) : ZoneOffset.UTC;
        return truncate(LocalDateTime.from(parsed).toInstant(offset), type);
    }

    private static LocalTime truncate(LocalTime time, LogicalType type) {
        return time.withNano(truncateNanos(time.getNano(), type.precision()));
    }

    private static Instant truncate(Instant instant, LogicalType type) {
        return Instant.ofEpochSecond(instant.getEpochSecond(), truncateNanos(instant.getNano(), type.precision()));
    }

    private static int truncateNanos(int nanos, int precision) {
        int unit = (int) Math.pow(10, LogicalType.MAX_TIME_PRECISION - precision);
        return nanos - nanos % unit;
    }

    /** {@code fields} (values of {@code types}) as a JSON object with members {@code names}. */
    public ObjectNode writeFields(Object[] fields, List<String> names, List<LogicalType> types) {
        ObjectNode object = NODES.objectNode();
        for (int i = 0; i < names.size(); i++) {
            object.set(names.get(i), write(fields[i], types.get(i)));
        }
        return object;
    }

    /** {@code value} (a value of {@code type}, or null) as JSON. */
    public JsonNode write(Object value, LogicalType type) {
        if (value == null) {
            return NODES.nullNode();
        }
        return switch (type.root()) {
            case BOOLEAN -> NODES.booleanNode((Boolean) value);
            case TINYINT -> NODES.numberNode((Byte) value);
            case SMALLINT -> NODES.numberNode((Short) value);
            case INT -> NODES.numberNode((Integer) value);
            case BIGINT -> NODES.numberNode((Long) value);
            case FLOAT -> NODES.numberNode((Float) value);
            case DOUBLE -> NODES.numberNode((Double) value);
            case DECIMAL -> NODES.numberNode((BigDecimal) value);
            case CHAR, VARCHAR -> NODES.textNode((String) value);
            case DATE -> NODES.textNode(value.toString());
            case TIME -> NODES.textNode(DateTimeFormatter.ISO_LOCAL_TIME.format((LocalTime) value));
            case TIMESTAMP -> NODES.textNode(standard.local().format((LocalDateTime) value));
            case TIMESTAMP_LTZ -> NODES.textNode(standard.utc().format((Instant) value));
            case BYTES -> NODES.binaryNode((byte[]) value);
            case ROW -> writeFields((Object[]) value, type.fieldNames(), type.fieldTypes());
            case MAP -> writeMap((Map<?, ?>) value, type);
        };
    }

    /** A JSON object as a MAP: its member names read as the key type, its members as the value type. */
    private Map<Object, Object> readMap(JsonNode node, LogicalType type, String field) {
        if (!node.isObject()) {
            throw new MalformedMessageException("field '" + field + "': expected an object for " + type);
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        node.fields().forEachRemaining(member -> map.put(read(NODES.textNode(member.getKey()), type.keyType(), field),
                read(member.getValue(), type.valueType(), field + "." + member.getKey())));
        return map;
    }

    /** A MAP as a JSON object, each key in its text form. */
    private ObjectNode writeMap(Map<?, ?> map, LogicalType type) {
        ObjectNode object = NODES.objectNode();
        map.forEach((key, value) -> object.set(key == null ? "null" : key.toString(), write(value, type.valueType())));
        return object;
    }
}
