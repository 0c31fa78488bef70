package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresUpdateBeforeTest extends UpdateBeforeSuite {
    PostgresUpdateBeforeTest(@Postgres TestDatabase database) {
        super(database);
    }
}
