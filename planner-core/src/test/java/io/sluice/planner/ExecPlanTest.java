package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.config.PlannerConfig;
import io.sluice.planner.exec.ExecPlanJson;
import io.sluice.planner.exec.StatementPlanner;
import io.sluice.planner.parse.Statement;
import io.sluice.planner.parse.StatementParser;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the runtime receives: exec nodes with the inferred flags, and their JSON form. */
class ExecPlanTest {

    private static ExecPlan plan(Map<String, String> configuration, String... statements) {
        TableEnvironment env = TableEnvironment.create(configuration);
        Catalog catalog = new Catalog();
        for (String ddl : new String[] {
            "CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]')",
            "CREATE TABLE bh (cnt BIGINT, num BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) WITH ('connector' = 'blackhole')",
            "CREATE TABLE changes (id INT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'values', "
                + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[1, 2]')",
            "CREATE TABLE copies (id INT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'blackhole')"}) {
            env.executeSql(ddl);
            Statement.CreateTable create = (Statement.CreateTable) StatementParser.parse(ddl);
            new io.sluice.planner.ddl.CatalogStatements(catalog, ddl).createTable(create,
                    new io.sluice.planner.sql.SqlFrontend(catalog, java.time.ZoneOffset.UTC));
        }
        String text = statements[0];
        StatementPlanner planner = new StatementPlanner(catalog, new PlannerConfig(configuration), text,
                ExecPlanTest.class.getClassLoader());
        Statement.Insert insert = (Statement.Insert) StatementParser.parse(text);
        return planner.toExecPlan(planner.planInserts(List.of(insert)));
    }

    private static final String NESTED = "INSERT INTO bh SELECT cnt, COUNT(*) FROM "
            + "(SELECT word, COUNT(*) AS cnt FROM words GROUP BY word) GROUP BY cnt";

    private static List<ExecNode> nodes(ExecNode root) {
        List<ExecNode> all = new ArrayList<>(List.of(root));
        root.inputs().forEach(input -> all.addAll(nodes(input)));
        return all;
    }

    @Test
    void aggregatesCarryUpdateBeforeAndRetractingFunctionsAsInferred() {
        ExecPlan plan = plan(Map.of(), NESTED);
        List<ExecNodes.GroupAggregate> aggregates = nodes(plan.roots().get(0)).stream()
                .filter(ExecNodes.GroupAggregate.class::isInstance).map(ExecNodes.GroupAggregate.class::cast).toList();
        assertThat(aggregates).hasSize(2);
        ExecNodes.GroupAggregate outer = aggregates.get(0);
        ExecNodes.GroupAggregate inner = aggregates.get(1);
        assertThat(outer.generateUpdateBefore()).isFalse();
        assertThat(outer.aggregates()).extracting(AggregateCall::retracting).containsExactly(true);
        assertThat(inner.generateUpdateBefore()).isTrue();
        assertThat(inner.aggregates()).extracting(AggregateCall::retracting).containsExactly(false);
        assertThat(plan.configuration()).containsEntry("parallelism.default", "1");
    }

    @Test
    void parallelSinkWithPrimaryKeyGetsAHashExchangeOnTheKey() {
        ExecPlan plan = plan(Map.of("parallelism.default", "2"), NESTED);
        ExecNodes.Sink sink = (ExecNodes.Sink) plan.roots().get(0);
        assertThat(sink.input()).isInstanceOfSatisfying(ExecNodes.Exchange.class, exchange -> {
            assertThat(exchange.distribution()).isEqualTo(ExecNodes.Distribution.HASH);
            assertThat(exchange.keys()).containsExactly(0);
        });
        assertThat(sink.changelogMode().toString()).isEqualTo("[I,UA,D]");
    }

    @Test
    void jsonRoundTripGivesTheSamePlan() {
        ExecPlan plan = plan(Map.of("parallelism.default", "2"), NESTED);
        String json = ExecPlanJson.write(plan);
        ExecPlan read = ExecPlanJson.read(json);
        assertThat(ExecPlanJson.write(read)).isEqualTo(json);
        assertThat(json).contains("\"version\" : 1", "\"type\" : \"GroupAggregate\"", "COUNT");
        assertThat(read.configuration()).isEqualTo(plan.configuration());
    }

    @Test
    void aSourcesUnneededUpdateBeforeIsDroppedByANodeOfItsOwnThatJsonKeeps() {
        ExecPlan plan = plan(Map.of(), "INSERT INTO copies SELECT id, v FROM changes");
        ExecNodes.Sink sink = (ExecNodes.Sink) plan.roots().get(0);
        assertThat(sink.input()).isInstanceOfSatisfying(ExecNodes.DropUpdateBefore.class, drop -> {
            assertThat(drop.changelogMode().toString()).isEqualTo("[I,UA,D]");
            assertThat(drop.input().changelogMode().toString()).isEqualTo("[I,UB,UA,D]");
        });
        String json = ExecPlanJson.write(plan);
        assertThat(ExecPlanJson.write(ExecPlanJson.read(json))).isEqualTo(json).contains("DropUpdateBefore");
    }
}
