package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresLookupJoinTest extends LookupJoinSuite {
    PostgresLookupJoinTest(@Postgres TestDatabase database) {
        super(database);
    }
}
