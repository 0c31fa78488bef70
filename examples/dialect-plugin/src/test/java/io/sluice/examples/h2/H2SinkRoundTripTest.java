package io.sluice.examples.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.JdbcDynamicTableFactory;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Writes a changelog through Sluice's JDBC connector into an in-memory H2 database and reads it back. */
class H2SinkRoundTripTest {
    private static final String URL = "jdbc:h2:mem:round_trip;DB_CLOSE_DELAY=-1";
    private static final ObjectIdentifier SALES = ObjectIdentifier.of("sales");
    private static final TableSchema SCHEMA = TableSchema.of(List.of(
            new Column("store", LogicalType.intType()),
            new Column("day", LogicalType.varchar(10)),
            new Column("revenue", LogicalType.decimal(12, 2)),
            new Column("updated_at", LogicalType.timestamp(3)),
            new Column("seen_at", LogicalType.timestampLtz(3))), List.of("store", "day"), null);
    private static final LocalDateTime NOON = LocalDateTime.parse("2024-05-01T12:00:00.125");
    private static final Instant SEEN = Instant.parse("2024-05-01T10:00:00.250Z");

    private final JdbcDynamicTableFactory factory = new JdbcDynamicTableFactory();

    @Test
    void upsertsAndDeletesByCompositeKeyAndReadsTheTableBack() throws Exception {
        FactoryContext context = context("sales_round_trip", true);
        try (SinkWriter writer = factory.createSink(context).createWriter(new SinkContext("job", 0, 1, e -> { }))) {
            writer.write(Row.insert(10, "2024-05-01", new BigDecimal("12.50"), NOON, SEEN));
            writer.write(Row.insert(10, "2024-05-02", new BigDecimal("3.00"), NOON, null));
            writer.write(Row.insert(20, "2024-05-01", new BigDecimal("8.00"), NOON, SEEN));
            writer.write(Row.of(RowKind.UPDATE_AFTER, 10, "2024-05-01", new BigDecimal("37.50"), NOON, SEEN));
            writer.write(Row.of(RowKind.DELETE, 20, "2024-05-01", new BigDecimal("8.00"), NOON, SEEN));
        }

        assertThat(readBack(context)).containsExactlyInAnyOrder(
                "+I[10, 2024-05-01, 37.50, 2024-05-01T12:00:00.125, 2024-05-01T10:00:00.250Z]",
                "+I[10, 2024-05-02, 3.00, 2024-05-01T12:00:00.125, null]");
    }

    @Test
    void aTableWhoseKeyDiffersFromTheDeclaredOneFailsAtOpen() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"sales_other_key\" (\"store\" INTEGER PRIMARY KEY, \"day\" VARCHAR(10),"
                    + " \"revenue\" NUMERIC(12, 2), \"updated_at\" TIMESTAMP(3), \"seen_at\" TIMESTAMP(3) WITH TIME ZONE)");
        }
        FactoryContext context = context("sales_other_key", false);

        assertThatThrownBy(() -> factory.createSink(context).createWriter(new SinkContext("job", 0, 1, e -> { }))
                .write(Row.insert(10, "2024-05-01", BigDecimal.ONE, NOON, SEEN)))
                .hasStackTraceContaining("has PRIMARY KEY (store)")
                .hasStackTraceContaining("declares PRIMARY KEY (store, day)");
    }

    @Test
    void aMissingTableIsNamedWithTheWayToCreateIt() {
        FactoryContext context = context("no_such_table", false);

        assertThatThrownBy(() -> {
            try (SinkWriter writer = factory.createSink(context).createWriter(new SinkContext("job", 0, 1, e -> { }))) {
                writer.write(Row.insert(10, "2024-05-01", BigDecimal.ONE, NOON, SEEN));
            }
        }).hasStackTraceContaining("Table 'no_such_table' does not exist")
                .hasStackTraceContaining(ValidationException.class.getSimpleName());
    }

    private List<String> readBack(FactoryContext context) throws Exception {
        List<String> rows = new ArrayList<>();
        try (SourceReader reader = factory.createSource(context).createReader(0, 1)) {
            while (reader.pollNext(row -> rows.add(row.toString())) != SourceReader.Status.END_OF_INPUT) {
                // each call emits at most one row
            }
        }
        return rows;
    }

    private static FactoryContext context(String tableName, boolean autoCreate) {
        Map<String, String> options = Map.of("connector", "jdbc", "url", URL, "table-name", tableName,
                "sink.auto-create", String.valueOf(autoCreate));
        return new FactoryContext(SALES, SCHEMA, new TableOptions(SALES, options), Map.of());
    }
}
