package io.sluice.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A jdbc sink's buffer for engines that seal and commit themselves: reduced per key, emptied by each seal, bounded. */
class TwoPhaseJdbcSinkTest {
    private static final ObjectIdentifier ORDERS = ObjectIdentifier.of("orders");
    private static final TableSchema KEYED = TableSchema.of(List.of(new Column("id", LogicalType.bigint()),
            new Column("status", LogicalType.string())), List.of("id"), null);

    private static CheckpointBuffer buffer(int maxRows) {
        Map<String, String> options = Map.of("connector", "jdbc", "url", "jdbc:fake://h/db", "table-name", "orders",
                "sink.delivery-guarantee", "exactly-once", "sink.exactly-once.max-buffered-rows",
                String.valueOf(maxRows));
        FactoryContext context = new FactoryContext(ORDERS, KEYED, new TableOptions(ORDERS, options), Map.of());
        return ((TwoPhaseJdbcSink) new JdbcDynamicTableFactory().createSink(context)).newCheckpointBuffer();
    }

    private static Row row(RowKind kind, long id, String status) {
        return new Row(kind, new Object[] {id, status});
    }

    @Test
    void aSealHoldsEachKeysLastChangeSinceThePreviousSeal() {
        CheckpointBuffer buffer = buffer(10);
        buffer.add(row(RowKind.INSERT, 1, "new"));
        buffer.add(row(RowKind.INSERT, 2, "new"));
        buffer.add(row(RowKind.UPDATE_AFTER, 1, "paid"));
        buffer.add(row(RowKind.DELETE, 2, "new"));

        SealedBatch first = buffer.seal();
        buffer.add(row(RowKind.UPDATE_AFTER, 1, "shipped"));
        SealedBatch second = buffer.seal();

        assertThat(first.changes().upserts()).map(Arrays::toString).containsExactly("[1, paid]");
        assertThat(first.changes().deletes()).map(Arrays::toString).containsExactly("[2, new]");
        assertThat(second.changes().upserts()).map(Arrays::toString).containsExactly("[1, shipped]");
        assertThat(second.changes().deletes()).isEmpty();
        assertThat(buffer.seal()).as("nothing since the last seal").isNull();
        assertThat(buffer.size()).isZero();
    }

    @Test
    void moreKeysThanTheBoundFailWithTheOptionToRaise() {
        CheckpointBuffer buffer = buffer(2);
        buffer.add(row(RowKind.INSERT, 1, "a"));
        buffer.add(row(RowKind.INSERT, 2, "b"));
        buffer.seal();
        buffer.add(row(RowKind.INSERT, 3, "c"));
        buffer.add(row(RowKind.INSERT, 4, "d"));

        assertThatThrownBy(() -> buffer.add(row(RowKind.INSERT, 5, "e")))
                .isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("orders")
                .hasMessageContaining("'sink.exactly-once.max-buffered-rows' = 2");
    }
}
