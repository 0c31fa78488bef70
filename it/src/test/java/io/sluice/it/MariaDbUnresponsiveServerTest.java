package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbUnresponsiveServerTest extends UnresponsiveServerSuite {
    MariaDbUnresponsiveServerTest(@MySql TestDatabase database) {
        super(database);
    }
}
