package io.sluice.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonFormatTest {
    private static final List<Column> ORDERS = List.of(
            new Column("id", LogicalType.bigint()),
            new Column("store", LogicalType.string()),
            new Column("amount", LogicalType.decimal(10, 2)),
            new Column("paid", LogicalType.booleanType()),
            new Column("day", LogicalType.date()),
            new Column("ts", LogicalType.timestamp(3)),
            new Column("ts_ltz", LogicalType.timestampLtz(3)));

    @Test
    void readsMembersByColumnNameWithFlinksLeniency() {
        Formats json = new Formats("json", ORDERS);
        assertThat(json.decode("{\"id\": 7, \"store\": \"berlin\", \"amount\": 12.345, \"paid\": \"true\", "
                + "\"day\": \"2026-12-02\", \"ts\": \"2026-12-02 10:15:30.5\", \"ts_ltz\": \"2026-12-02T10:15:30Z\", "
                + "\"extra\": 1}"))
                .containsExactly("+I[7, berlin, 12.35, true, 2026-12-02, 2026-12-02T10:15:30.500, 2026-12-02T10:15:30Z]");
        assertThat(json.decode("{\"id\": \"8\", \"store\": {\"city\": \"x\"}}"))
                .containsExactly("+I[8, {\"city\":\"x\"}, null, null, null, null, null]");
    }

    @Test
    void aDecimalTooWideForItsPrecisionIsNull() {
        assertThat(new Formats("json", ORDERS).decode("{\"id\": 1, \"amount\": 123456789.1}"))
                .containsExactly("+I[1, null, null, null, null, null, null]");
    }

    @Test
    void aMalformedMessageNamesTheFieldOrIsSkippedWhenAsked() {
        Formats strict = new Formats("json", ORDERS);
        assertThatThrownBy(() -> strict.decode("{\"id\": \"seven\"}"))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("field 'id': cannot read \"seven\" as BIGINT");
        assertThatThrownBy(() -> strict.decode("{\"id\": 1,"))
                .isInstanceOf(MalformedMessageException.class).hasMessageStartingWith("not valid JSON");
        Formats lenient = new Formats("json", ORDERS, Map.of("json.ignore-parse-errors", "true"));
        assertThat(lenient.decoder().decode("{\"id\": \"seven\"}".getBytes(), row -> { })).isFalse();
    }

    @Test
    void failOnMissingFieldNamesTheField() {
        Formats json = new Formats("json", ORDERS, Map.of("json.fail-on-missing-field", "true"));
        assertThatThrownBy(() -> json.decode("{\"id\": 1}")).hasMessage("field 'store' is missing");
    }

    @Test
    void writesTimestampsInTheChosenStandard() {
        Row row = Row.insert(7L, "a\"b", new BigDecimal("1.50"), true, LocalDate.of(2026, 12, 2),
                LocalDateTime.of(2026, 12, 2, 10, 15, 30, 500_000_000), Instant.parse("2026-12-02T10:15:30Z"));
        assertThat(new Formats("json", ORDERS).encode(row)).isEqualTo("{\"id\":7,\"store\":\"a\\\"b\",\"amount\":1.50,"
                + "\"paid\":true,\"day\":\"2026-12-02\",\"ts\":\"2026-12-02 10:15:30.5\","
                + "\"ts_ltz\":\"2026-12-02 10:15:30Z\"}");
        assertThat(new Formats("json", ORDERS, Map.of("json.timestamp-format.standard", "ISO-8601")).encode(row))
                .contains("\"ts\":\"2026-12-02T10:15:30.5\"", "\"ts_ltz\":\"2026-12-02T10:15:30Z\"");
    }

    @Test
    void roundTripsNestedRows() {
        List<Column> columns = List.of(new Column("person", LogicalType.row(List.of("id", "name"),
                List.of(LogicalType.bigint(), LogicalType.string()))));
        Formats json = new Formats("json", columns);
        String encoded = json.encode(Row.insert((Object) new Object[] {1L, "ann"}));
        assertThat(encoded).isEqualTo("{\"person\":{\"id\":1,\"name\":\"ann\"}}");
        assertThat(json.decode(encoded)).containsExactly("+I[+I[1, ann]]");
        assertThat(json.encode(Row.of(RowKind.DELETE, (Object) new Object[] {1L, "ann"}))).isNull();
    }

    @Test
    void roundTripsMapsAsObjectsWithKeysReadAsTheKeyType() {
        List<Column> columns = List.of(new Column("counts", LogicalType.map(LogicalType.intType(), LogicalType.bigint())));
        Formats json = new Formats("json", columns);
        java.util.Map<Integer, Long> counts = new java.util.LinkedHashMap<>();
        counts.put(7, 70L);
        counts.put(8, null);
        String encoded = json.encode(Row.insert(counts));
        assertThat(encoded).isEqualTo("{\"counts\":{\"7\":70,\"8\":null}}");
        assertThat(json.decode(encoded)).containsExactly("+I[{7=70, 8=null}]");
        assertThatThrownBy(() -> json.decode("{\"counts\": {\"x\": 1}}"))
                .hasMessageContaining("field 'counts': cannot read \"x\" as INT");
        assertThatThrownBy(() -> json.decode("{\"counts\": [1]}"))
                .hasMessageContaining("field 'counts': expected an object for MAP<INT, BIGINT>");
    }

    @Test
    void decimalNumbersReadAsBigDecimalWouldRoundThem() {
        Formats json = new Formats("json", List.of(new Column("amount", LogicalType.decimal(10, 2))));
        for (String number : List.of("0", "-0", "7", "-12", "1.5", "-0.05", "12.34", "12.345", "12.355", "-12.355",
                "1e2", "1.5E-1", "99999999.99", "99999999.999", "100000000", "100000000.00", "0.001", "-0.004",
                "123456789012345678901", "0.000000000000000000001", "12345678.9", "-120.30")) {
            java.math.BigDecimal expected = new java.math.BigDecimal(number).setScale(2, java.math.RoundingMode.HALF_UP);
            String row = "+I[" + (expected.precision() > 10 ? "null" : expected.toPlainString()) + "]";
            assertThat(json.decode("{\"amount\": " + number + "}")).as(number).containsExactly(row);
        }
    }

    @Test
    void valuesOffTheCommonPathReadAsBefore() {
        List<Column> columns = List.of(new Column("größe", LogicalType.string()), new Column("n", LogicalType.intType()),
                new Column("b", LogicalType.bigint()), new Column("ok", LogicalType.booleanType()),
                new Column("t", LogicalType.timestamp(3)));
        Formats json = new Formats("json", columns);
        assertThat(json.decode("{\"t\": \"2026-12-02 10:15:30.5\", \"größe\": \"äh \\\"x\\\"\\n\", \"skip\": [{\"a\": [1]}], "
                + "\"n\": \"12\", \"b\": -9007199254740993, \"ok\": \"TRUE\"}"))
                .containsExactly("+I[äh \"x\"\n, 12, -9007199254740993, true, 2026-12-02T10:15:30.500]");
        assertThat(json.decode("{\"größe\": {\"nested\": 1}, \"n\": -0}"))
                .containsExactly("+I[{\"nested\":1}, 0, null, null, null]");
        assertThatThrownBy(() -> json.decode("{\"b\": 1e3}")).hasMessageContaining("field 'b': cannot read");
        assertThatThrownBy(() -> json.decode("{\"n\": 3000000000}")).hasMessageContaining("field 'n': cannot read");
        assertThatThrownBy(() -> json.decode("{\"n\": 012}")).hasMessageStartingWith("not valid JSON");
        assertThatThrownBy(() -> json.decode("{\"t\": \"yesterday\"}")).hasMessageContaining("field 't'");
        assertThatThrownBy(() -> json.decode("{\"ok\": tru}")).hasMessageStartingWith("not valid JSON");
    }
}
