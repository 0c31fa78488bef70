package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresJobEndingTest extends JobEndingSuite {
    PostgresJobEndingTest(@Postgres TestDatabase database) {
        super(database);
    }
}
