package io.sluice.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CdcFormatsTest {
    private static final List<Column> PRODUCTS = List.of(
            new Column("id", LogicalType.intType()),
            new Column("name", LogicalType.string()),
            new Column("weight", LogicalType.decimal(10, 3)));

    @Test
    void debeziumEventsBecomeInsertsUpdatesAndDeletes() {
        Formats debezium = new Formats("debezium-json", PRODUCTS);
        assertThat(debezium.decode("{\"before\": null, \"after\": {\"id\": 111, \"name\": \"scooter\", \"weight\": "
                + "5.18}, \"source\": {\"db\": \"inventory\"}, \"op\": \"c\", \"ts_ms\": 1589362330904}"))
                .containsExactly("+I[111, scooter, 5.180]");
        assertThat(debezium.decode("{\"before\": {\"id\": 111, \"name\": \"scooter\", \"weight\": 5.18}, \"after\": "
                + "{\"id\": 111, \"name\": \"scooter\", \"weight\": 5.17}, \"op\": \"u\"}"))
                .containsExactly("-U[111, scooter, 5.180]", "+U[111, scooter, 5.170]");
        assertThat(debezium.decode("{\"before\": {\"id\": 111, \"name\": \"scooter\", \"weight\": 5.17}, \"after\": "
                + "null, \"op\": \"d\"}")).containsExactly("-D[111, scooter, 5.170]");
        assertThat(debezium.decode("{\"before\": null, \"after\": {\"id\": 1}, \"op\": \"r\"}"))
                .containsExactly("+I[1, null, null]");
        assertThat(debezium.decode(null)).isEmpty();
    }

    @Test
    void withoutUpdateBeforeAnUpdateGivesItsNewRowOnlyAndMayLackItsOldOne() {
        Formats debezium = new Formats("debezium-json", PRODUCTS).withoutUpdateBefore();
        assertThat(debezium.decode("{\"before\": {\"id\": 111, \"name\": \"scooter\", \"weight\": 5.18}, \"after\": "
                + "{\"id\": 111, \"name\": \"scooter\", \"weight\": 5.17}, \"source\": {\"db\": \"x\", \"tags\": "
                + "[\"}\", {\"a\": \"\\\"]\"}]}, \"op\": \"u\"}")).containsExactly("+U[111, scooter, 5.170]");
        assertThat(debezium.decode("{\"before\": null, \"after\": {\"id\": 1}, \"op\": \"u\"}"))
                .containsExactly("+U[1, null, null]");
        assertThatThrownBy(() -> debezium.decode("{\"before\": null, \"after\": null, \"op\": \"d\"}"))
                .hasMessageContaining("'before' member of a DELETE event is null");
        assertThat(debezium.decode("{\"before\": {\"id\": 2}, \"after\": null, \"op\": \"d\"}"))
                .containsExactly("-D[2, null, null]");
    }

    @Test
    void debeziumNamesWhatIsWrong() {
        Formats debezium = new Formats("debezium-json", PRODUCTS);
        assertThatThrownBy(() -> debezium.decode("{\"before\": null, \"after\": {\"id\": 1}, \"op\": \"u\"}"))
                .hasMessageContaining("'before' member of a UPDATE event is null")
                .hasMessageContaining("REPLICA IDENTITY FULL");
        assertThatThrownBy(() -> debezium.decode("{\"schema\": {}, \"payload\": {\"op\": \"c\"}}"))
                .hasMessageContaining("'debezium-json.schema-include' = 'true'");
        assertThatThrownBy(() -> debezium.decode("{\"after\": {\"id\": 1}, \"op\": \"x\"}"))
                .hasMessage("unknown 'op' value \"x\"");
        Formats withSchema = new Formats("debezium-json", PRODUCTS, Map.of("debezium-json.schema-include", "true"));
        assertThat(withSchema.decode("{\"schema\": {\"type\": \"struct\"}, \"payload\": {\"before\": null, "
                + "\"after\": {\"id\": 2, \"name\": \"car\"}, \"op\": \"c\"}}")).containsExactly("+I[2, car, null]");
    }

    @Test
    void canalMessagesCarryManyRowsAndOnlyTheChangedOldValues() {
        Formats canal = new Formats("canal-json", PRODUCTS);
        assertThat(canal.decode("{\"data\": [{\"id\": \"111\", \"name\": \"scooter\", \"weight\": \"5.18\"}, "
                + "{\"id\": \"112\", \"name\": \"car\", \"weight\": \"8.1\"}], \"database\": \"inventory\", "
                + "\"table\": \"products\", \"type\": \"INSERT\", \"old\": null}"))
                .containsExactly("+I[111, scooter, 5.180]", "+I[112, car, 8.100]");
        assertThat(canal.decode("{\"data\": [{\"id\": 111, \"name\": \"scooter\", \"weight\": 5.15}], \"old\": "
                + "[{\"weight\": 5.18}], \"type\": \"UPDATE\"}"))
                .containsExactly("-U[111, scooter, 5.180]", "+U[111, scooter, 5.150]");
        assertThat(canal.decode("{\"data\": [{\"id\": 111, \"name\": \"scooter\", \"weight\": 5.15}], "
                + "\"type\": \"DELETE\"}")).containsExactly("-D[111, scooter, 5.150]");
        assertThat(canal.decode("{\"data\": null, \"type\": \"CREATE\", \"sql\": \"CREATE TABLE x (id INT)\"}"))
                .isEmpty();
        Formats filtered = new Formats("canal-json", PRODUCTS, Map.of("canal-json.table.include", "orders"));
        assertThat(filtered.decode("{\"data\": [{\"id\": 1}], \"table\": \"products\", \"type\": \"INSERT\"}"))
                .isEmpty();
    }

    @Test
    void maxwellUpdatesOverlayTheOldValues() {
        Formats maxwell = new Formats("maxwell-json", PRODUCTS);
        assertThat(maxwell.decode("{\"database\": \"test\", \"table\": \"product\", \"type\": \"insert\", "
                + "\"data\": {\"id\": 111, \"name\": \"scooter\", \"weight\": 5.18}}"))
                .containsExactly("+I[111, scooter, 5.180]");
        assertThat(maxwell.decode("{\"type\": \"update\", \"data\": {\"id\": 111, \"name\": \"scooter\", "
                + "\"weight\": 5.15}, \"old\": {\"weight\": 5.18}}"))
                .containsExactly("-U[111, scooter, 5.180]", "+U[111, scooter, 5.150]");
        assertThat(maxwell.decode("{\"type\": \"delete\", \"data\": {\"id\": 111, \"name\": \"scooter\", "
                + "\"weight\": 5.15}}")).containsExactly("-D[111, scooter, 5.150]");
    }

    @Test
    void encodersWriteWhatTheDecodersRead() {
        for (String format : List.of("debezium-json", "canal-json", "maxwell-json")) {
            Formats cdc = new Formats(format, PRODUCTS);
            for (RowKind kind : RowKind.values()) {
                Row row = Row.of(kind, 1, "car", new BigDecimal("8.100"));
                String added = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER ? "+I" : "-D";
                assertThat(cdc.decode(cdc.encode(row))).as(format + " " + kind)
                        .containsExactly(added + "[1, car, 8.100]");
            }
        }
        assertThat(new Formats("debezium-json", PRODUCTS).encode(Row.of(RowKind.DELETE, 1, "car", null)))
                .isEqualTo("{\"before\":{\"id\":1,\"name\":\"car\",\"weight\":null},\"after\":null,\"op\":\"d\"}");
    }
}
