package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresRandomizedChangelogTest extends RandomizedChangelogSuite {
    PostgresRandomizedChangelogTest(@Postgres TestDatabase database) {
        super(database);
    }
}
