package io.sluice.formats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.api.data.Row;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.formats.json.JsonValues;
import io.sluice.formats.json.TimestampStandard;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The json format's decoder, which reads values from the message's bytes, against the reading of the same
 * message as a Jackson tree: the same row, or a failure for both, over seeded random objects whose members
 * mix every value form a column may meet (and some that are not valid JSON).
 */
class JsonDecodingDifferentialTest {
    private static final List<Column> COLUMNS = List.of(
            new Column("i", LogicalType.intType()), new Column("b", LogicalType.bigint()),
            new Column("d", LogicalType.decimal(10, 2)), new Column("s", LogicalType.string()),
            new Column("ok", LogicalType.booleanType()), new Column("t", LogicalType.timestamp(3)),
            new Column("ë", LogicalType.doubleType()));
    private static final List<String> VALUES = List.of("0", "-0", "7", "-12", "2147483647", "2147483648",
            "-2147483649", "9223372036854775807", "9223372036854775808", "123456789012345678", "1.5", "-0.05",
            "12.345", "1e2", "-1.5E-3", "99999999.99", "100000000.00", "0.001", "012", "1.", "-", "+1", ".5",
            "true", "false", "null", "tru", "nul", "\"x\"", "\"\"", "\"a\\\"b\"", "\"\\u00e9t\\u00e9\"", "\"été\"",
            "\"7\"", "\" 8 \"", "\"true\"", "\"2026-12-02 10:15:30.5\"", "\"2026-12-02T10:15:30\"", "\"nope\"",
            "{}", "{\"k\": [1, {\"z\": \"}\"}]}", "[1, 2]", "[]", "\"tab\tin\"");
    /** Per column, values its type reads (also from strings and other forms, as Flink's json format does). */
    private static final List<List<String>> READABLE = List.of(
            List.of("0", "-0", "7", "-12", "2147483647", "\"7\"", "null"),
            List.of("9223372036854775807", "-5", "\"8\"", "123456789012345678", "null"),
            List.of("1.5", "-0.05", "12.345", "1e2", "99999999.99", "100000000.00", "0.001", "7", "null", "\"3.25\""),
            List.of("\"x\"", "\"\"", "\"a\\\"b\"", "\"\\u00e9t\\u00e9\"", "\"été\"", "{}", "{\"k\": [1, {\"z\": \"}\"}]}",
                    "[1, 2]", "12", "true", "null"),
            List.of("true", "false", "\"true\"", "null"),
            List.of("\"2026-12-02 10:15:30.5\"", "\"2026-12-02T10:15:30\"", "\"2026-12-02 10:15:30.123456\"", "null"),
            List.of("1.5", "-1.5E-3", "7", "\"2.5\"", "null"));
    private static final ObjectMapper TREES = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @Test
    void decodesEveryMessageAsTheTreeReadingDoes() throws Exception {
        Random random = new Random(20261203);
        Formats json = new Formats("json", COLUMNS);
        JsonValues values = new JsonValues(false, TimestampStandard.SQL);
        List<String> names = COLUMNS.stream().map(Column::name).toList();
        List<LogicalType> types = COLUMNS.stream().map(Column::type).toList();
        int decoded = 0;
        for (int message = 0; message < 3000; message++) {
            String text = randomObject(random);
            String expected;
            try {
                JsonNode tree = TREES.readTree(text.getBytes(StandardCharsets.UTF_8));
                expected = Row.insert(values.readFields(tree, names, types)).toString();
            } catch (Exception e) {
                expected = "fails";
            }
            String actual;
            try {
                List<String> rows = json.decode(text);
                actual = rows.size() == 1 ? rows.get(0) : rows.toString();
            } catch (Exception e) {
                actual = "fails";
            }
            assertThat(actual).as(text).isEqualTo(expected);
            decoded += expected.equals("fails") ? 0 : 1;
        }
        // most messages are rows, the others fail for a value that is no JSON or no value of its column
        assertThat(decoded).isBetween(1500, 2900);
    }

    /**
     * An object of some of the columns and maybe another member, in any order: each column's value one its
     * type reads, or now and then any of {@link #VALUES}; the other member's a valid JSON value (a member that
     * is not a column is checked for its structure only, so an invalid literal there is not noticed).
     */
    private static String randomObject(Random random) {
        List<String> members = new ArrayList<>();
        for (int column = 0; column < COLUMNS.size(); column++) {
            if (random.nextInt(4) > 0) {
                List<String> values = random.nextInt(12) == 0 ? VALUES : READABLE.get(column);
                members.add("\"" + COLUMNS.get(column).name() + "\": " + values.get(random.nextInt(values.size())));
            }
        }
        if (random.nextBoolean()) {
            List<String> values = READABLE.get(random.nextInt(READABLE.size()));
            members.add("\"other\": " + values.get(random.nextInt(values.size())));
        }
        java.util.Collections.shuffle(members, random);
        return "{" + String.join(random.nextBoolean() ? ", " : ",", members) + "}";
    }
}
