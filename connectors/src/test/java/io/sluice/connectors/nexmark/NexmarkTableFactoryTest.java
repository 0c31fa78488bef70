package io.sluice.connectors.nexmark;

import static io.sluice.connectors.TestTables.context;
import static io.sluice.connectors.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NexmarkTableFactoryTest {
    private static final LogicalType TEXT = LogicalType.string();
    private static final LogicalType TIME = LogicalType.timestamp(3);
    private static final LogicalType ID = LogicalType.bigint();
    static final TableSchema SCHEMA = TableSchema.of(List.of(
            new Column("event_type", LogicalType.intType()),
            new Column("person", LogicalType.row(
                    List.of("id", "name", "emailAddress", "creditCard", "city", "state", "dateTime", "extra"),
                    List.of(ID, TEXT, TEXT, TEXT, TEXT, TEXT, TIME, TEXT))),
            new Column("auction", LogicalType.row(
                    List.of("id", "itemName", "description", "initialBid", "reserve", "dateTime", "expires", "seller",
                            "category", "extra"),
                    List.of(ID, TEXT, TEXT, ID, ID, TIME, TIME, ID, ID, TEXT))),
            new Column("bid", LogicalType.row(
                    List.of("auction", "bidder", "price", "channel", "url", "dateTime", "extra"),
                    List.of(ID, ID, ID, TEXT, TEXT, TIME, TEXT)))));

    private final NexmarkTableFactory factory = new NexmarkTableFactory();

    private ScanSource source(Map<String, String> options) {
        return factory.createSource(context(SCHEMA, options));
    }

    private List<Row> events(int count) throws Exception {
        return readAll(source(Map.of("seed", "3", "events.num", String.valueOf(count))).createReader(0, 1));
    }

    @Test
    void aSeedReproducesTheEventsAlsoAfterSeek() throws Exception {
        List<Row> first = events(500);
        assertThat(first).hasSize(500);
        assertThat(events(500)).isEqualTo(first);
        SourceReader restored = source(Map.of("seed", "3", "events.num", "500")).createReader(0, 1);
        restored.seek(java.util.Map.of(SourceReader.ROWS, 200L));
        assertThat(readAll(restored)).isEqualTo(first.subList(200, 500));
        assertThat(readAll(source(Map.of("seed", "4", "events.num", "500")).createReader(0, 1))).isNotEqualTo(first);
    }

    @Test
    void subtasksShareTheEventsWithoutOverlap() throws Exception {
        ScanSource source = source(Map.of("seed", "3", "events.num", "301"));
        List<Row> together = new ArrayList<>(readAll(source.createReader(0, 2)));
        together.addAll(readAll(source.createReader(1, 2)));
        List<Row> alone = events(301);
        assertThat(together).containsExactlyInAnyOrderElementsOf(alone);
    }

    @Test
    void everyFiftyEventsAreOnePersonThreeAuctionsAndFortySixBidsWithConsecutiveIds() throws Exception {
        List<Row> events = events(1000);
        for (int i = 0; i < events.size(); i++) {
            int expectedType = i % 50 == 0 ? 0 : i % 50 <= 3 ? 1 : 2;
            Row event = events.get(i);
            assertThat(event.field(0)).as("event %d", i).isEqualTo(expectedType);
            for (int kind = 0; kind < 3; kind++) {
                assertThat(event.field(kind + 1) == null).isEqualTo(kind != expectedType);
            }
        }
        assertThat(fields(events, 0, 1, 0)).containsExactly(1000L, 1001L, 1002L, 1003L, 1004L, 1005L, 1006L, 1007L,
                1008L, 1009L, 1010L, 1011L, 1012L, 1013L, 1014L, 1015L, 1016L, 1017L, 1018L, 1019L);
        assertThat(fields(events, 1, 2, 0)).hasSize(60).startsWith(1000L, 1001L, 1002L, 1003L).endsWith(1059L);
    }

    @Test
    void valuesFollowTheBenchmarksDistributions() throws Exception {
        List<Row> events = events(5000);
        List<Object> prices = fields(events, 2, 3, 2);
        assertThat(prices).allSatisfy(price -> assertThat((Long) price).isBetween(100L, 100_000_000L));
        long hotChannels = fields(events, 2, 3, 3).stream()
                .filter(channel -> List.of("Google", "Facebook", "Baidu", "Apple").contains(channel)).count();
        assertThat(hotChannels).isBetween(prices.size() * 4L / 10, prices.size() * 6L / 10);
        assertThat(fields(events, 1, 2, 8)).allSatisfy(category -> assertThat((Long) category).isBetween(10L, 14L));
        assertThat(fields(events, 0, 1, 5)).allSatisfy(state ->
                assertThat(List.of("AZ", "CA", "ID", "OR", "WA", "WY")).contains((String) state));
        for (Row auction : events.stream().filter(e -> e.field(2) != null).toList()) {
            Object[] fields = (Object[]) auction.field(2);
            assertThat((LocalDateTime) fields[6]).isAfter((LocalDateTime) fields[5]);
            assertThat((Long) fields[4]).isGreaterThan((Long) fields[3]);
        }
        long newestAuction = (Long) fields(events, 1, 2, 0).stream().max(Comparator.comparing(id -> (Long) id)).get();
        assertThat(fields(events, 2, 3, 0)).allSatisfy(auction ->
                assertThat((Long) auction).isBetween(1000L, newestAuction + 10));
        // A bid pads its 32 bytes to the average of 100 within 20%.
        assertThat(fields(events, 2, 3, 6)).allSatisfy(extra -> assertThat(((String) extra).length()).isBetween(54, 82));
    }

    @Test
    void eventTimesAdvanceByOneOverTheRatePerEvent() throws Exception {
        List<Row> events = readAll(source(Map.of("seed", "3", "events.num", "400", "first-event.rate", "100"))
                .createReader(0, 1));
        LocalDateTime start = eventTime(events.get(0));
        assertThat(start).isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(eventTime(events.get(399))).isEqualTo(start.plus(Duration.ofMillis(3990)));
    }

    @Test
    void aTableWithOtherColumnsIsRefusedWithTheExpectedSchema() {
        TableSchema other = TableSchema.of(List.of(new Column("event_type", LogicalType.intType()),
                new Column("person", LogicalType.string()), SCHEMA.columns().get(2), SCHEMA.columns().get(3)));
        assertThatThrownBy(() -> factory.createSource(context(other, Map.of())))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table 'default_catalog.default_database.t' uses connector 'nexmark', but "
                        + "column 'person' is STRING; a nexmark table declares the physical columns (event_type INT, ");
    }

    @Test
    void aBadProportionIsRefusedNamingTheOption() {
        Map<String, String> options = new HashMap<>(Map.of("bid.proportion", "0"));
        assertThatThrownBy(() -> source(options)).hasMessage(
                "Table 'default_catalog.default_database.t': option 'bid.proportion' = '0' must be at least 1");
    }

    private static LocalDateTime eventTime(Row event) {
        int type = (Integer) event.field(0);
        Object[] fields = (Object[]) event.field(type + 1);
        return (LocalDateTime) fields[type == 0 ? 6 : 5];
    }

    /** Field {@code field} of the ROW in column {@code column} of every event of {@code type}. */
    private static List<Object> fields(List<Row> events, int type, int column, int field) {
        return events.stream().filter(event -> (Integer) event.field(0) == type)
                .map(event -> ((Object[]) event.field(column))[field]).toList();
    }
}
