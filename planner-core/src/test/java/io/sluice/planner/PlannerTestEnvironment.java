package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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

    /** The rows the changelog of {@code query} leaves: +I/+U add a row, -U/-D remove one they must find. */
    List<String> finalRows(String query) {
        List<String> rows = new ArrayList<>();
        for (String line : run(query).split("\n")) {
            String row = line.substring(3, line.length() - 1);
            if (line.startsWith("+")) {
                rows.add(row);
            } else {
                assertThat(rows.remove(row)).as("retracted row %s was emitted before", row).isTrue();
            }
        }
        return rows;
    }
}
