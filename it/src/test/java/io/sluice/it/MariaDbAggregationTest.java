package io.sluice.it;

import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;

class MariaDbAggregationTest extends AggregationSuite {
    MariaDbAggregationTest(@MySql TestDatabase database) {
        super(database);
    }
}
