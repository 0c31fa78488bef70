package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ExplainGoldenTest {
    private TableEnvironment env;

    @BeforeEach
    void createWords() {
        env = TableEnvironment.create(Map.of());
        env.executeSql("CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]\n+I[b]')");
    }

    private String explain(String statement) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        env.executeSql(statement).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void bareSelectAvoidsUpdateBefore() {
        assertThat(explain("EXPLAIN CHANGELOG_MODE SELECT word, COUNT(*) AS cnt FROM words GROUP BY word")).isEqualTo("""
                GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UA])
                +- Exchange(distribution=[hash[word]], changelogMode=[I])
                   +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }
}
