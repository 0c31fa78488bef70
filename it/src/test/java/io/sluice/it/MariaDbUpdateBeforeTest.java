package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbUpdateBeforeTest extends UpdateBeforeSuite {
    MariaDbUpdateBeforeTest(@MySql TestDatabase database) {
        super(database);
    }
}
