package io.sluice.it;

import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;

class PostgresAggregationTest extends AggregationSuite {
    PostgresAggregationTest(@Postgres TestDatabase database) {
        super(database);
    }
}
