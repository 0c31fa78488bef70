package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresUnresponsiveServerTest extends UnresponsiveServerSuite {
    PostgresUnresponsiveServerTest(@Postgres TestDatabase database) {
        super(database);
    }
}
