package io.sluice.it.exactlyonce;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbKillAndRestoreDeliveryTest extends KillAndRestoreDeliverySuite {
    MariaDbKillAndRestoreDeliveryTest(@MySql TestDatabase database) {
        super(database);
    }
}
