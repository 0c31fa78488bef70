package io.sluice.bench.sink;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A reproducible upsert changelog over a fixed key space, as a group aggregation feeding an upsert sink
 * produces it: a change deletes an existing key with probability {@code deleteShare} (-D with the key's
 * last row), otherwise it upserts a random key (+I when the key has no row, +U when it has). It keeps the table the changes
 * should leave behind, to verify the database against.
 */
final class UpsertChangelog {
    private static final LocalDateTime START = LocalDateTime.parse("2024-01-01T00:00:00");

    private final Random random;
    private final int keys;
    private final double deleteShare;
    private final Map<Long, Object[]> expected = new HashMap<>();
    private long sequence;

    UpsertChangelog(long seed, int keys, double deleteShare) {
        this.random = new Random(seed);
        this.keys = keys;
        this.deleteShare = deleteShare;
    }

    /** Five columns keyed by {@code id}: BIGINT, VARCHAR(64), DECIMAL(12, 2), INT, TIMESTAMP(3). */
    static TableSchema schema() {
        return TableSchema.of(List.of(new Column("id", LogicalType.bigint()),
                new Column("name", LogicalType.varchar(64)), new Column("amount", LogicalType.decimal(12, 2)),
                new Column("quantity", LogicalType.intType()), new Column("updated_at", LogicalType.timestamp(3))),
                List.of("id"), null);
    }

    Row next() {
        sequence++;
        boolean delete = random.nextDouble() < deleteShare && !expected.isEmpty();
        long key = random.nextInt(keys);
        while (delete && !expected.containsKey(key)) {
            key = random.nextInt(keys);
        }
        Object[] previous = expected.get(key);
        if (delete) {
            expected.remove(key);
            return new Row(RowKind.DELETE, previous);
        }
        Object[] row = {key, "name-" + random.nextInt(1_000_000), BigDecimal.valueOf(random.nextInt(10_000_000), 2),
                random.nextInt(1_000), START.plusNanos(sequence * 1_000_000)};
        expected.put(key, row);
        return new Row(previous == null ? RowKind.INSERT : RowKind.UPDATE_AFTER, row);
    }

    /** The rows the changes so far leave in the table, by key. */
    Map<Long, Object[]> expectedTable() {
        return expected;
    }
}
