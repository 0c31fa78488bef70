package io.sluice.planner;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A table environment with the tables the planning tests share, and helpers to read results as text. */
final class PlannerTestEnvironment {
    final TableEnvironment env;

    PlannerTestEnvironment(Map<String, String> configuration) {
        env = TableEnvironment.create(configuration);
        env.executeSql("CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]\n+I[b]')");
        env.executeSql("CREATE TABLE orders (order_id BIGINT, storeId INT, tradeDate DATE, pmSign STRING, "
                + "amount DECIMAL(12, 4), PRIMARY KEY (order_id) NOT ENFORCED) WITH ('connector' = 'values', "
                + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[1, 10, 2026-10-09, 01, 30.0000]')");
        env.executeSql("CREATE TABLE bh (word STRING, cnt BIGINT) WITH ('connector' = 'blackhole')");
    }

    PlannerTestEnvironment() {
        this(Map.of());
    }

    String run(String statement) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        env.executeSql(statement).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
