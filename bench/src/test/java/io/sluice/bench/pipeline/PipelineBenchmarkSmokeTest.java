package io.sluice.bench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.MySql;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The pipeline benchmark on a small changelog: every run on both databases ends with the exact table. */
@ExtendWith(TestDatabases.class)
class PipelineBenchmarkSmokeTest {

    @Test
    void everyWriterLeavesTheChangelogsTableOnBothDatabases(@Postgres TestDatabase postgres, @MySql TestDatabase mysql)
            throws Exception {
        Map<String, String> environment = Map.of(
                "SLUICE_PG_URL", postgres.jdbcUrl(), "SLUICE_PG_USER", postgres.user(),
                "SLUICE_PG_PASSWORD", postgres.password() == null ? "" : postgres.password(),
                "SLUICE_MYSQL_URL", mysql.jdbcUrl(), "SLUICE_MYSQL_USER", mysql.user(),
                "SLUICE_MYSQL_PASSWORD", mysql.password() == null ? "" : mysql.password());
        ByteArrayOutputStream report = new ByteArrayOutputStream();

        PipelineBenchmark.run(new PipelineBenchmark.Config(5_000, 500, List.of(400), List.of(1, 2),
                List.of("postgres", "mariadb"), false), environment, new PrintStream(report, true, StandardCharsets.UTF_8));

        List<String> rows = report.toString(StandardCharsets.UTF_8).lines().filter(line -> line.startsWith("| Postgre")
                || line.startsWith("| MariaDB")).toList();
        assertThat(rows).hasSize(6).allSatisfy(row -> assertThat(row).endsWith("rows, as expected |"));
        assertThat(rows.get(0)).contains("| PostgreSQL | 400 | synchronous (baseline) | 1 |", "| 1.00x |");
        assertThat(rows.get(2)).contains("| PostgreSQL | 400 | pipelined | 2 |");
        assertThat(rows.get(3)).contains("| MariaDB | 400 | synchronous (baseline) | 1 |");
    }
}
