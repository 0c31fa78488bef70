package io.sluice.flink;

import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;

/** Flink jobs writing into PostgreSQL through {@code sluice-jdbc}. */
class PostgresFlinkTest extends SluiceJdbcFlinkSuite {

    @Override
    protected TestDatabase database() {
        return TestDatabases.get(TestDatabase.Kind.POSTGRES);
    }
}
