package io.sluice.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvAndRawFormatTest {
    private static final List<Column> COLUMNS = List.of(
            new Column("id", LogicalType.intType()),
            new Column("name", LogicalType.string()),
            new Column("price", LogicalType.decimal(8, 2)),
            new Column("ts", LogicalType.timestamp(3)));

    @Test
    void csvReadsFieldsInColumnOrderWithQuotesAndEmptyNumbersAsNull() {
        Formats csv = new Formats("csv", COLUMNS);
        assertThat(csv.decode("1,\"Smith, \"\"J\"\"\",9.5,2026-12-02 10:15:30\n"))
                .containsExactly("+I[1, Smith, \"J\", 9.50, 2026-12-02T10:15:30]");
        assertThat(csv.decode("2,,,")).containsExactly("+I[2, , null, null]");
        assertThatThrownBy(() -> csv.decode("3,x")).hasMessageContaining("2 field(s), the columns are 4");
        assertThatThrownBy(() -> csv.decode("x,a,1,2026-12-02 10:15:30"))
                .hasMessageContaining("field 'id': cannot read \"x\" as INT");
    }

    @Test
    void csvOptionsAsFlinkNamesThem() {
        Formats csv = new Formats("csv", COLUMNS, Map.of("csv.field-delimiter", "|", "csv.null-literal", "NULL",
                "csv.allow-comments", "true"));
        assertThat(csv.decode("# a comment")).isEmpty();
        assertThat(csv.decode("1|NULL|1.5|NULL")).containsExactly("+I[1, null, 1.50, null]");
        assertThat(csv.encode(Row.insert(1, "a|b", new BigDecimal("1.50"), null))).isEqualTo("1|\"a|b\"|1.50|NULL");
        assertThatThrownBy(() -> new Formats("csv", COLUMNS, Map.of("csv.field-delimiter", "||")).decoder())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'default_catalog.default_database.t': option 'csv.field-delimiter' must be a single character, not '||'");
    }

    @Test
    void csvRoundTrips() {
        Formats csv = new Formats("csv", COLUMNS);
        Row row = Row.insert(1, "line\nbreak", new BigDecimal("2.00"), LocalDateTime.of(2026, 12, 2, 1, 2, 3));
        assertThat(csv.encode(row)).isEqualTo("1,\"line\nbreak\",2.00,2026-12-02 01:02:03");
        assertThat(csv.decode(csv.encode(row))).containsExactly("+I[1, line\nbreak, 2.00, 2026-12-02T01:02:03]");
    }

    @Test
    void rawIsTheWholeMessageInOneColumn() {
        Formats raw = new Formats("raw", List.of(new Column("line", LogicalType.string())));
        assertThat(raw.decode("GET /index.html 200")).containsExactly("+I[GET /index.html 200]");
        assertThat(raw.decode(null)).containsExactly("+I[null]");
        assertThat(raw.encode(Row.insert("héllo"))).isEqualTo("héllo");
        assertThatThrownBy(() -> new Formats("raw", COLUMNS).decoder())
                .hasMessage("Table 'default_catalog.default_database.t': format 'raw' reads exactly one column, but the table has 4 (id, name, price, ts)");
    }

    @Test
    void anUnknownFormatListsTheAvailableOnes() {
        assertThatThrownBy(() -> new Formats("avro", COLUMNS))
                .hasMessage("Table 't': no format 'avro' on the classpath (option 'format'). Available formats: "
                        + "canal-json, csv, debezium-json, json, maxwell-json, raw");
    }
}
