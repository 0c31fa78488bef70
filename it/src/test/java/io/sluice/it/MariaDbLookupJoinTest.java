package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbLookupJoinTest extends LookupJoinSuite {
    MariaDbLookupJoinTest(@MySql TestDatabase database) {
        super(database);
    }
}
