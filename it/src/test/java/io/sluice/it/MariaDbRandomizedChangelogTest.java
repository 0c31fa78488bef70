package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbRandomizedChangelogTest extends RandomizedChangelogSuite {
    MariaDbRandomizedChangelogTest(@MySql TestDatabase database) {
        super(database);
    }
}
