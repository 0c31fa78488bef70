package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbBadInputTest extends BadInputSuite {
    MariaDbBadInputTest(@MySql TestDatabase database) {
        super(database);
    }
}
