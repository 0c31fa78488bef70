package io.sluice.it.exactlyonce;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresKillAndRestoreDeliveryTest extends KillAndRestoreDeliverySuite {
    PostgresKillAndRestoreDeliveryTest(@Postgres TestDatabase database) {
        super(database);
    }
}
