package io.sluice.bench;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableDefinition;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A reproducible upsert changelog over a fixed key space: each change upserts a key with new values,
 * or deletes a key that exists (with probability {@code deleteShare}). It keeps the table the
 * changes should leave behind, to verify the database against.
 */
final class UpsertChangelog {
    private static final LocalDateTime START = LocalDateTime.parse("2024-01-01T00:00:00");

    /** One change: a delete by the row's key, or an upsert of the row. */
    record Change(boolean delete, Object[] row) {
        long key() {
            return (Long) row[0];
        }
    }

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

    /** Five columns, keyed by {@code id}. */
    static TableDefinition table(String name) {
        return new TableDefinition(name, List.of(new Column("id", LogicalType.bigint()),
                new Column("name", LogicalType.varchar(64)), new Column("amount", LogicalType.decimal(12, 2)),
                new Column("quantity", LogicalType.intType()), new Column("updated_at", LogicalType.timestamp(3))),
                List.of("id"));
    }

    Change next() {
        long key = random.nextInt(keys);
        sequence++;
        if (expected.containsKey(key) && random.nextDouble() < deleteShare) {
            return new Change(true, expected.remove(key));
        }
        Object[] row = {key, "name-" + random.nextInt(1_000_000), BigDecimal.valueOf(random.nextInt(10_000_000), 2),
                random.nextInt(1_000), START.plusNanos(sequence * 1_000_000)};
        expected.put(key, row);
        return new Change(false, row);
    }

    /** The rows the changes so far leave in the table, by key. */
    Map<Long, Object[]> expectedTable() {
        return expected;
    }
}
