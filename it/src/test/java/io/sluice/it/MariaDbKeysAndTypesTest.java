package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbKeysAndTypesTest extends KeysAndTypesSuite {
    MariaDbKeysAndTypesTest(@MySql TestDatabase database) {
        super(database);
    }
}
