package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbKillAndRestoreTest extends KillAndRestoreSuite {
    MariaDbKillAndRestoreTest(@MySql TestDatabase database) {
        super(database);
    }
}
