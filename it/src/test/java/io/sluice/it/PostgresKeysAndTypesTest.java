package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresKeysAndTypesTest extends KeysAndTypesSuite {
    PostgresKeysAndTypesTest(@Postgres TestDatabase database) {
        super(database);
    }
}
