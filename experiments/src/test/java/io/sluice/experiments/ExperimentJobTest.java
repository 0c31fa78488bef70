package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ExperimentJobTest {

    @Test
    void readsTheChangelogAsAnUpsertSourceAndWritesWithTheScenariosFlushSettings() {
        FlushBoundaryOptions options = new FlushBoundaryOptions(ExperimentDatabase.POSTGRES, Scenario.PAIR_IN_ONE_FLUSH, true,
                null, null, null, 100);

        ExperimentJob job = new ExperimentJob(options, "embedded:postgres", Path.of("target/x/changelog.txt"));

        assertThat(job.statements()).containsExactly(
                "CREATE TABLE changes (id BIGINT, amount BIGINT, seq BIGINT, PRIMARY KEY (id) NOT ENFORCED) "
                        + "WITH ('connector' = 'values', 'path' = 'target/x/changelog.txt', "
                        + "'changelog-mode' = 'I,UA,D')",
                "CREATE TABLE orders_rt (id BIGINT, amount BIGINT, seq BIGINT, PRIMARY KEY (id) NOT ENFORCED) "
                        + "WITH ('connector' = 'jdbc', 'url' = 'embedded:postgres', 'table-name' = 'flush_boundary', "
                        + "'sink.buffer-flush.max-rows' = '0', 'sink.buffer-flush.interval' = '30 s', "
                        + "'sink.parallelism' = '1', 'sink.flush.transactional' = 'true')",
                "INSERT INTO orders_rt SELECT * FROM changes");
    }

    @Test
    void scenarioBFlushesEveryRowAndCredentialsAreQuoted() {
        FlushBoundaryOptions options = new FlushBoundaryOptions(ExperimentDatabase.MARIADB, Scenario.FLUSH_PER_ROW, false,
                null, "root", "it's", 100);

        String sink = new ExperimentJob(options, "jdbc:mariadb://h/test", Path.of("c.txt")).statements().get(1);

        assertThat(sink).contains("'sink.buffer-flush.max-rows' = '1'", "'sink.buffer-flush.interval' = '0'",
                "'sink.flush.transactional' = 'false'", "'username' = 'root'", "'password' = 'it''s'");
    }
}
