package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.BOOLEAN;
import static io.sluice.api.types.TypeRoot.BYTES;
import static io.sluice.api.types.TypeRoot.CHAR;
import static io.sluice.api.types.TypeRoot.DATE;
import static io.sluice.api.types.TypeRoot.DECIMAL;
import static io.sluice.api.types.TypeRoot.DOUBLE;
import static io.sluice.api.types.TypeRoot.FLOAT;
import static io.sluice.api.types.TypeRoot.INT;
import static io.sluice.api.types.TypeRoot.SMALLINT;
import static io.sluice.api.types.TypeRoot.TIME;
import static io.sluice.api.types.TypeRoot.TIMESTAMP;
import static io.sluice.api.types.TypeRoot.TIMESTAMP_LTZ;
import static io.sluice.api.types.TypeRoot.TINYINT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestDatabase;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/** Composite keys, NULLs and every supported type, written through a changelog and read back. */
abstract class KeysAndTypesSuite extends DatabaseSuite {
    private static final String TYPED_COLUMNS = """
            tenant_id INT, order_id BIGINT, c_boolean BOOLEAN, c_tinyint TINYINT, c_smallint SMALLINT, c_int INT,
            c_bigint BIGINT, c_float FLOAT, c_double DOUBLE, c_decimal DECIMAL(12, 4), c_char CHAR(3),
            c_varchar VARCHAR(20), c_string STRING, c_date DATE, c_time TIME, c_timestamp TIMESTAMP(3),
            c_ltz TIMESTAMP_LTZ(3), c_bytes BYTES,
            PRIMARY KEY (tenant_id, order_id) NOT ENFORCED""";
    private static final String TYPED_NAMES = "tenant_id, order_id, c_boolean, c_tinyint, c_smallint, c_int, "
            + "c_bigint, c_float, c_double, c_decimal, c_char, c_varchar, c_string, c_date, c_time, c_timestamp, "
            + "c_ltz, c_bytes";

    KeysAndTypesSuite(TestDatabase database) {
        super(database);
    }

    /** Seed 002 §15: one order id under several tenants; each change touches its own (tenant, order) only. */
    @Test
    void compositeKeysAreUpdatedAndDeletedByTheWholeKey() throws Exception {
        KeyedChangelog changes = new KeyedChangelog(2);
        for (int tenant = 1; tenant <= 3; tenant++) {
            for (long order = 1001; order <= 1003; order++) {
                changes.insert(tenant, order, "new", null);
            }
        }
        changes.update(2, 1002L, "paid", "card")
                .delete(1, 1002L)
                .update(3, 1002L, "paid", null)
                .delete(2, 1001L)
                .insert(2, 1001L, "new", "again")
                .update(1, 1003L, "shipped", "ups")
                .update(1, 1003L, "returned", null);
        String table = sink.newTableName("tenant_orders");

        writeThrough(changes, table, "tenant_id INT, order_id BIGINT, status STRING, note STRING, "
                + "PRIMARY KEY (tenant_id, order_id) NOT ENFORCED", "tenant_id, order_id, status, note");

        assertThat(sink.read(table, "tenant_id, order_id, status, note", INT, BIGINT, VARCHAR, VARCHAR))
                .containsExactlyElementsOf(changes.expectedTable());
    }

    /**
     * Rows already in the table, updated one flush at a time so that every upsert meets its row there:
     * each update changes one non-key column (or several, or back to NULL), and every column must take it.
     */
    @Test
    void everyNonKeyColumnOfAnExistingRowIsUpdated() throws Exception {
        String table = sink.newTableName("three_columns");
        String columns = "id INT, a STRING, b INT, c DOUBLE, PRIMARY KEY (id) NOT ENFORCED";
        String names = "id, a, b, c";
        KeyedChangelog inserts = new KeyedChangelog(1);
        for (int id = 1; id <= 5; id++) {
            inserts.insert(id, "a0", 0, 0.5);
        }
        writeThrough(inserts, table, columns, names, 1);
        KeyedChangelog updates = new KeyedChangelog(1)
                .insert(1, "a1", 0, 0.5)
                .insert(2, "a0", 1, 0.5)
                .insert(3, "a0", 0, 1.5)
                .insert(4, "a1", 1, 1.5)
                .insert(5, null, null, null);

        writeThrough(updates.update(1, "a1", 2, 2.5), table, columns, names, 1);

        assertThat(sink.read(table, names, INT, VARCHAR, INT, DOUBLE)).containsExactly(
                "+I[1, a1, 2, 2.5]", "+I[2, a0, 1, 0.5]", "+I[3, a0, 0, 1.5]", "+I[4, a1, 1, 1.5]",
                "+I[5, null, null, null]");
    }

    /** Every type, extremes, fractions of seconds (also on MariaDB) and NULL in every non-key column. */
    @Test
    void everySupportedTypeSurvivesTheRoundTrip() throws Exception {
        KeyedChangelog changes = typedChanges();
        String table = sink.newTableName("typed_rows");

        writeThrough(changes, table, TYPED_COLUMNS, TYPED_NAMES);

        assertThat(sink.read(table, TYPED_NAMES, INT, BIGINT, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT,
                DOUBLE, DECIMAL, CHAR, VARCHAR, VARCHAR, DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ, BYTES))
                .containsExactlyElementsOf(changes.expectedTable());
    }

    /** Rows of every type that are inserted, updated from and to NULL, and deleted. */
    private static KeyedChangelog typedChanges() {
        return new KeyedChangelog(2)
                .insert(typedRow(1, 1L, true, (byte) 1, (short) 2, 3, 4L, 1.5f, 2.25, "12.5000", "abc", "varchar",
                        "Grüße 日本", LocalDate.of(2026, 10, 9), LocalTime.of(23, 59, 58),
                        LocalDateTime.of(2026, 10, 9, 12, 34, 56, 789_000_000),
                        Instant.parse("2026-10-09T12:34:56.789Z"), new byte[] {0, -1, 127}))
                .insert(typedRow(1, 2L, false, Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE,
                        -3.25f, -1.0e300, "-99999999.9999", "xyz", "", "", LocalDate.of(1970, 1, 1),
                        LocalTime.MIDNIGHT, LocalDateTime.of(1999, 12, 31, 23, 59, 59, 1_000_000),
                        Instant.parse("1999-12-31T23:59:59.001Z"), new byte[0]))
                .insert(typedRow(2, 1L, null, null, null, null, null, null, null, null, null, null, null, null,
                        null, null, null, null))
                .insert(typedRow(2, 2L, true, Byte.MAX_VALUE, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE,
                        3.0e38f, 1.0e-300, "99999999.9999", "a b", "with space ", "x", LocalDate.of(2038, 1, 20),
                        LocalTime.of(0, 0, 1), LocalDateTime.of(2038, 1, 20, 3, 14, 8, 100_000_000),
                        Instant.parse("2038-01-20T03:14:08.100Z"), new byte[] {1}))
                .insert(typedRow(3, 3L, true, (byte) 3, (short) 3, 3, 3L, 3f, 3.0, "3.0000", "ccc", "deleted", "later",
                        LocalDate.of(2026, 3, 3), LocalTime.of(3, 3, 3), LocalDateTime.of(2026, 3, 3, 3, 3, 3),
                        Instant.parse("2026-03-03T03:03:03Z"), new byte[] {3}))
                .update(typedRow(2, 1L, false, (byte) 5, null, 7, null, null, 0.5, "0.0001", null, "filled", null,
                        LocalDate.of(2000, 2, 29), null, LocalDateTime.of(2000, 2, 29, 0, 0, 0, 999_000_000), null,
                        new byte[] {42}))
                .update(typedRow(1, 2L, null, null, null, null, null, null, null, null, null, null, null, null,
                        null, null, null, null))
                .delete(3, 3L);
    }

    /** Runs {@code changes} from a values file with the same schema into the sink table, flushing every 3 rows. */
    private void writeThrough(KeyedChangelog changes, String table, String columns, String names) {
        writeThrough(changes, table, columns, names, 3);
    }

    private void writeThrough(KeyedChangelog changes, String table, String columns, String names, int rowsPerFlush) {
        Path input = writeLines("changes.txt", changes.lines());
        runScript("""
                CREATE TABLE changes (%s)
                  WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE target (%s) WITH (%s);
                INSERT INTO target SELECT %s FROM changes;
                """.formatted(columns, input, columns, sink.jdbcOptions(table,
                "'sink.buffer-flush.max-rows' = '" + rowsPerFlush + "'"),
                names)).assertSucceeded();
    }

    private static Object[] typedRow(int tenant, long order, Boolean bool, Byte tiny, Short small, Integer integer,
                                     Long big, Float real, Double dbl, String decimal, String fixed, String varchar,
                                     String string, LocalDate date, LocalTime time, LocalDateTime timestamp,
                                     Instant instant, byte[] bytes) {
        return new Object[] {tenant, order, bool, tiny, small, integer, big, real, dbl,
            decimal == null ? null : new BigDecimal(decimal), fixed, varchar, string, date, time, timestamp, instant,
            bytes};
    }
}
