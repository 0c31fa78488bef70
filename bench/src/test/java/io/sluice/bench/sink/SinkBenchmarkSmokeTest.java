package io.sluice.bench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.sink.SinkBenchmark.Workload;
import io.sluice.testing.MySql;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The sink benchmark on a tiny changelog: it verifies the final table and counts what each strategy sends. */
@ExtendWith(TestDatabases.class)
class SinkBenchmarkSmokeTest {
    private static final Workload TINY = new Workload(3_000, 300, 500, 0.1, 1);

    @Test
    void postgresWritesSetBasedWithArraysRowByRowWithoutAndThroughCopy(@Postgres TestDatabase db) throws Exception {
        SinkDatabase database = SinkDatabase.postgres(db.jdbcUrl(), db.user(), db.password());

        SinkResult arrays = SinkBenchmark.run(database, database.strategies().get(0), TINY);
        SinkResult batch = SinkBenchmark.run(database, database.strategies().get(1), TINY);
        SinkResult copy = SinkBenchmark.run(database, database.strategies().get(2), TINY);

        assertThat(arrays.finalRows()).isPositive().isEqualTo(batch.finalRows()).isEqualTo(copy.finalRows());
        // COPY goes around the counting driver: per flush the staging table's CREATE and the INSERT ... SELECT
        // are counted, and the delete.
        assertThat(copy.timing().calls().statements()).isLessThanOrEqualTo(3 * copy.flushes());
        assertThat(copy.markdownRow()).contains("| PostgreSQL | COPY", "rows, as expected |");
        // At most one flush per 500 changes; fewer when the buffer absorbed changes while a flush ran.
        assertThat(arrays.flushes()).isBetween(1L, 6L);
        // One upsert and one delete statement per flush, against one statement per row in a batch.
        assertThat(arrays.timing().calls().statements()).isLessThanOrEqualTo(2 * arrays.flushes());
        assertThat(batch.timing().calls().statements()).isEqualTo(batch.metric("upserts") + batch.metric("deletes"));
        assertThat(arrays.markdownRow()).contains("| PostgreSQL | unnest", "rows, as expected |");
    }

    @Test
    void mariadbWritesMultiRowStatements(@MySql TestDatabase db) throws Exception {
        SinkDatabase database = SinkDatabase.mariadb(db.jdbcUrl(), db.user(), db.password());

        SinkResult result = SinkBenchmark.run(database, database.strategies().get(0), TINY);

        assertThat(result.deletes()).isBetween(200L, 400L);
        assertThat(result.timing().calls().statements()).isLessThanOrEqualTo(2 * result.flushes());
        assertThat(result.timing().calls().roundTrips()).isGreaterThan(result.timing().calls().statements());
    }
}
