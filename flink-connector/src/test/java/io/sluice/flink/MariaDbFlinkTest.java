package io.sluice.flink;

import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;

/** Flink jobs writing into MariaDB (the MySQL dialect) through {@code sluice-jdbc}. */
class MariaDbFlinkTest extends SluiceJdbcFlinkSuite {

    @Override
    protected TestDatabase database() {
        return TestDatabases.get(TestDatabase.Kind.MYSQL);
    }
}
