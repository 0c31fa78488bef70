package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresDifferentialTest extends DifferentialSuite {
    PostgresDifferentialTest(@Postgres TestDatabase database) {
        super(database, database);
    }
}
