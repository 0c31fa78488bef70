package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresBadInputTest extends BadInputSuite {
    PostgresBadInputTest(@Postgres TestDatabase database) {
        super(database);
    }
}
