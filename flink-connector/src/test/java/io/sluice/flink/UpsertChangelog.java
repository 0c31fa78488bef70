package io.sluice.flink;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * A deterministic upsert changelog: change {@code n} (0-based) of {@code changes} touches key
 * {@code n * 7919 % keys}, so every block of {@code keys} changes visits each key once in a scrambled
 * order. A key's first change is +I, later ones +U, and about one change in ten is a -D (of a key that
 * may come back later). Rows have five columns: {@code id, name, amount, ts, version}.
 */
final class UpsertChangelog implements Serializable {
    private static final long serialVersionUID = 1L;

    static final String COLUMNS = "id BIGINT, name STRING, amount DECIMAL(12, 2), ts TIMESTAMP(3), version BIGINT, "
            + "PRIMARY KEY (id) NOT ENFORCED";
    static final Schema SCHEMA = Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("name", DataTypes.STRING())
            .column("amount", DataTypes.DECIMAL(12, 2))
            .column("ts", DataTypes.TIMESTAMP(3))
            .column("version", DataTypes.BIGINT())
            .primaryKey("id")
            .build();
    static final TypeInformation<Row> TYPE = Types.ROW_NAMED(new String[] {"id", "name", "amount", "ts", "version"},
            Types.LONG, Types.STRING, Types.BIG_DEC, Types.LOCAL_DATE_TIME, Types.LONG);

    private static final long KEY_STRIDE = 7919;
    private static final LocalDateTime EPOCH = LocalDateTime.of(2024, 1, 1, 0, 0);

    private final int keys;

    UpsertChangelog(int keys) {
        this.keys = keys;
    }

    long key(long n) {
        return n * KEY_STRIDE % keys;
    }

    /** Change number {@code n}. */
    Row change(long n) {
        long key = key(n);
        long round = n / keys;
        RowKind kind = (round + key) % 10 == 3 ? RowKind.DELETE : round == 0 ? RowKind.INSERT : RowKind.UPDATE_AFTER;
        return Row.ofKind(kind, key, "name-" + key + "-" + round, BigDecimal.valueOf(n % 100_000, 2),
                EPOCH.plusSeconds(n).plusNanos(n % 1000 * 1_000_000), round);
    }

    /**
     * What a table written from the first {@code changes} changes holds: each key's last change unless
     * it was a delete, as {@code [id, name, amount, version]} texts ordered by id.
     */
    Map<Long, String> finalRows(long changes) {
        Map<Long, String> rows = new TreeMap<>();
        for (long n = 0; n < changes; n++) {
            Row change = change(n);
            long key = (Long) change.getField(0);
            if (change.getKind() == RowKind.DELETE) {
                rows.remove(key);
            } else {
                rows.put(key, "[" + key + ", " + change.getField(1) + ", " + change.getField(2) + ", "
                        + change.getField(4) + "]");
            }
        }
        return rows;
    }
}
