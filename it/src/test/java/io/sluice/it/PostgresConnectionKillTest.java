package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresConnectionKillTest extends ConnectionKillSuite {
    PostgresConnectionKillTest(@Postgres TestDatabase database) {
        super(database);
    }
}
