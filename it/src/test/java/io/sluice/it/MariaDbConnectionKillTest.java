package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbConnectionKillTest extends ConnectionKillSuite {
    MariaDbConnectionKillTest(@MySql TestDatabase database) {
        super(database);
    }
}
