package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresKillAndRestoreTest extends KillAndRestoreSuite {
    PostgresKillAndRestoreTest(@Postgres TestDatabase database) {
        super(database);
    }
}
