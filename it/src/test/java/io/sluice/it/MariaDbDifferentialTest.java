package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

/** Tables in MariaDB, checked against PostgreSQL's batch answer. */
class MariaDbDifferentialTest extends DifferentialSuite {
    MariaDbDifferentialTest(@MySql TestDatabase database, @Postgres TestDatabase postgres) {
        super(database, postgres);
    }
}
