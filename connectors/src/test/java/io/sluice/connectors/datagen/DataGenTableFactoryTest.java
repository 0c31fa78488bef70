package io.sluice.connectors.datagen;

import static io.sluice.connectors.TestTables.EVERY_TYPE;
import static io.sluice.connectors.TestTables.context;
import static io.sluice.connectors.TestTables.read;
import static io.sluice.connectors.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.connectors.generator.RowRandom;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DataGenTableFactoryTest {
    private static final TableSchema ORDERS = TableSchema.of(List.of(
            new Column("id", LogicalType.bigint()), new Column("qty", LogicalType.intType()),
            new Column("price", LogicalType.decimal(6, 2)), new Column("code", LogicalType.varchar(8)),
            new Column("ts", LogicalType.timestamp(3))));

    private final DataGenTableFactory factory = new DataGenTableFactory();

    private ScanSource source(TableSchema schema, Map<String, String> options) {
        Map<String, String> withFastRate = new HashMap<>(options);
        withFastRate.putIfAbsent("rows-per-second", "1000000000");
        return factory.createSource(context(schema, withFastRate));
    }

    @Test
    void aFixedSeedReproducesEveryTypeIncludingAfterSeek() throws Exception {
        Map<String, String> options = Map.of("seed", "42", "number-of-rows", "300");
        List<Row> first = readAll(source(EVERY_TYPE, options).createReader(0, 1));
        assertThat(first).hasSize(300).doesNotHaveDuplicates();
        assertThat(first.get(0).fields()).doesNotContainNull();
        assertThat(readAll(source(EVERY_TYPE, options).createReader(0, 1))).isEqualTo(first);

        SourceReader restored = source(EVERY_TYPE, options).createReader(0, 1);
        restored.seek(java.util.Map.of(SourceReader.ROWS, 120L));
        assertThat(readAll(restored)).isEqualTo(first.subList(120, 300));
        assertThat(readAll(source(EVERY_TYPE, Map.of("seed", "43", "number-of-rows", "300")).createReader(0, 1)))
                .isNotEqualTo(first);
    }

    @Test
    void subtasksSplitTheRowsByIndex() throws Exception {
        Map<String, String> options = Map.of("seed", "7", "number-of-rows", "10", "fields.id.kind", "sequence",
                "fields.id.start", "1", "fields.id.end", "100");
        List<Row> whole = readAll(source(ORDERS, options).createReader(0, 1));
        ScanSource source = source(ORDERS, options);
        List<Row> subtask0 = readAll(source.createReader(0, 3));
        List<Row> subtask1 = readAll(source.createReader(1, 3));
        assertThat(subtask0).extracting(row -> row.field(0)).containsExactly(1L, 4L, 7L, 10L);
        assertThat(subtask1).extracting(row -> row.field(0)).containsExactly(2L, 5L, 8L);
        assertThat(subtask0).containsExactly(whole.get(0), whole.get(3), whole.get(6), whole.get(9));

        SourceReader restored = source.createReader(1, 3);
        restored.seek(java.util.Map.of(SourceReader.ROWS, 2L));
        assertThat(readAll(restored)).containsExactly(whole.get(7));
    }

    @Test
    void aSequenceEndsTheTable() throws Exception {
        ScanSource source = source(ORDERS, Map.of("fields.id.kind", "sequence", "fields.id.start", "5",
                "fields.id.end", "9", "fields.code.kind", "sequence", "fields.code.start", "100",
                "fields.code.end", "200"));
        assertThat(source.isBounded()).isTrue();
        assertThat(source.getChangelogMode()).isEqualTo(ChangelogMode.insertOnly());
        List<Row> rows = readAll(source.createReader(0, 1));
        assertThat(rows).extracting(row -> row.field(0)).containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(rows).extracting(row -> row.field(3)).containsExactly("100", "101", "102", "103", "104");
    }

    @Test
    void randomValuesStayWithinTheirOptions() throws Exception {
        List<Row> rows = readAll(source(ORDERS, Map.of("number-of-rows", "2000", "fields.qty.min", "-3",
                "fields.qty.max", "3", "fields.price.min", "9.5", "fields.price.max", "10", "fields.code.length",
                "5")).createReader(0, 1));
        assertThat(rows).extracting(row -> (Integer) row.field(1)).allSatisfy(qty -> assertThat(qty).isBetween(-3, 3))
                .contains(-3, 3);
        assertThat(rows).extracting(row -> (BigDecimal) row.field(2)).allSatisfy(price -> {
            assertThat(price).isBetween(new BigDecimal("9.50"), new BigDecimal("10.00"));
            assertThat(price.scale()).isEqualTo(2);
        });
        assertThat(rows).extracting(row -> (String) row.field(3)).allSatisfy(code -> assertThat(code).hasSize(5));
    }

    @Test
    void seededTimesStartAtTheFixedAnchorAndFollowTheRate() throws Exception {
        List<Row> rows = readAll(source(ORDERS, Map.of("seed", "1", "number-of-rows", "3", "rows-per-second", "1000"))
                .createReader(0, 1));
        assertThat(rows).extracting(row -> row.field(4)).containsExactly(LocalDateTime.of(2024, 1, 1, 0, 0),
                LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_000_000), LocalDateTime.of(2024, 1, 1, 0, 0, 0, 2_000_000));
    }

    @Test
    void timesLieUpToMaxPastBeforeTheRowsDueTime() throws Exception {
        List<Row> rows = readAll(source(ORDERS, Map.of("seed", "3", "number-of-rows", "500",
                "fields.ts.max-past", "1 h")).createReader(0, 1));
        LocalDateTime anchor = LocalDateTime.of(2024, 1, 1, 0, 0);
        assertThat(rows).extracting(row -> (LocalDateTime) row.field(4))
                .allSatisfy(ts -> assertThat(ts).isBetween(anchor.minusHours(1), anchor.plusSeconds(1)))
                .anySatisfy(ts -> assertThat(ts).isBefore(anchor.minusMinutes(30)));
    }

    @Test
    void unseededTimesAreNearNowInTheLocalZone() throws Exception {
        LocalDateTime before = LocalDateTime.now().minusSeconds(1);
        List<Row> rows = readAll(source(ORDERS, Map.of("number-of-rows", "100")).createReader(0, 1));
        LocalDateTime after = LocalDateTime.now().plusMinutes(1);
        assertThat(rows).extracting(row -> (LocalDateTime) row.field(4))
                .allSatisfy(ts -> assertThat(ts).isBetween(before, after));
    }

    @Test
    void aheadOfScheduleTheReaderReportsNothingAvailable() {
        long[] now = {1_000};
        FieldGenerator one = (row, random) -> row;
        DataGenReader reader = new DataGenReader(new FieldGenerator[] {one}, new RowRandom(1), Long.MAX_VALUE, 0, 1,
                1_000_000, () -> now[0]);
        List<Row> out = new ArrayList<>();
        assertThat(reader.pollNext(out::add)).isEqualTo(SourceReader.Status.ROW_EMITTED);
        assertThat(reader.pollNext(out::add)).isEqualTo(SourceReader.Status.NOTHING_AVAILABLE);
        now[0] += 1_000_000;
        assertThat(reader.pollNext(out::add)).isEqualTo(SourceReader.Status.ROW_EMITTED);
        assertThat(reader.pollNext(out::add)).isEqualTo(SourceReader.Status.NOTHING_AVAILABLE);
        assertThat(out).extracting(row -> row.field(0)).containsExactly(0L, 1L);
    }

    @Test
    void withoutNumberOfRowsTheTableIsUnbounded() throws Exception {
        ScanSource source = source(ORDERS, Map.of());
        assertThat(source.isBounded()).isFalse();
        assertThat(read(source.createReader(0, 1), 50)).hasSize(50);
    }

    @Test
    void fieldOptionErrorsNameTheField() {
        assertError(Map.of("fields.nmae.kind", "random"), "Table 'default_catalog.default_database.t' has option "
                + "'fields.nmae.kind' for a field that is not a column; columns: id, qty, price, code, ts");
        assertError(Map.of("fields.qty.min", "many"), "Table 'default_catalog.default_database.t': option "
                + "'fields.qty.min' = 'many': 'many' is not a valid INT (For input string: \"many\")");
        assertError(Map.of("fields.price.max", "10000"), "Table 'default_catalog.default_database.t': option "
                + "'fields.price.max' = '10000': '10000' is not a valid DECIMAL(6, 2) "
                + "(more than 4 digit(s) before the decimal point)");
        assertError(Map.of("fields.qty.min", "5", "fields.qty.max", "1"),
                "Table 'default_catalog.default_database.t': field 'qty' (INT) has 'min' greater than 'max'");
        assertError(Map.of("fields.code.length", "9"), "Table 'default_catalog.default_database.t': option "
                + "'fields.code.length' = '9': must be between 0 and 8 for VARCHAR(8)");
        assertError(Map.of("fields.code.min", "a"), "Table 'default_catalog.default_database.t': option "
                + "'fields.code.min' does not apply to a random VARCHAR field 'code'; it takes "
                + "[fields.code.kind, fields.code.length]");
        assertError(Map.of("fields.id.kind", "sequence", "fields.id.start", "1"), "Table "
                + "'default_catalog.default_database.t': field 'id' (BIGINT) is a sequence and needs both 'start' "
                + "and 'end'");
        assertError(Map.of("fields.ts.kind", "sequence"), "Table 'default_catalog.default_database.t': field 'ts' "
                + "(TIMESTAMP(3)) cannot be a sequence; use 'random' for TIMESTAMP");
        assertError(Map.of("fields.qty.kind", "counter"), "Table 'default_catalog.default_database.t': Invalid value "
                + "for option 'fields.qty.kind' = 'counter': expected one of [random, sequence] "
                + "(unknown value 'counter')");
        assertError(Map.of("rows-per-second", "0"), "Table 'default_catalog.default_database.t': option "
                + "'rows-per-second' = '0' must be at least 1");
    }

    private void assertError(Map<String, String> options, String message) {
        assertThatThrownBy(() -> source(ORDERS, options)).isInstanceOf(ValidationException.class).hasMessage(message);
    }
}
