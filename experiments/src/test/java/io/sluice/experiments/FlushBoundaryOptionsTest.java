package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlushBoundaryOptionsTest {

    @Test
    void parsesEveryOption() {
        FlushBoundaryOptions options = parse("flush-boundary", "--db", "mariadb", "--scenario", "Flush-Per-Row",
                "--transactional", "off", "--url", "jdbc:mariadb://db/test", "--changes", "200");

        assertThat(options).isEqualTo(new FlushBoundaryOptions(ExperimentDatabase.MARIADB, Scenario.FLUSH_PER_ROW, false,
                "jdbc:mariadb://db/test", null, null, 200));
        assertThat(options.outputDirectory())
                .isEqualTo(Path.of("target", "experiments", "flush-boundary-mariadb-flush-per-row-tx-off"));
    }

    @Test
    void isTransactionalByDefaultAndTakesTheUrlFromTheEnvironmentElseTheEmbeddedServer() {
        FlushBoundaryOptions postgres = parse("flush-boundary", "--db", "postgres", "--scenario", "pair-in-one-flush");
        FlushBoundaryOptions mariadb = parse("flush-boundary", "--db", "mariadb", "--scenario", "pair-in-one-flush");

        assertThat(postgres.transactional()).isTrue();
        assertThat(postgres.changes()).isEqualTo(FlushBoundaryOptions.DEFAULT_CHANGES);
        assertThat(postgres.url(Map.of())).isEqualTo("embedded:postgres");
        assertThat(postgres.url(Map.of("SLUICE_PG_URL", "jdbc:postgresql://pg/x"))).isEqualTo("jdbc:postgresql://pg/x");
        assertThat(mariadb.url(Map.of("SLUICE_PG_URL", "jdbc:postgresql://pg/x"))).isEqualTo("embedded:mariadb");
        assertThat(mariadb.url(Map.of("SLUICE_MYSQL_URL", "jdbc:mariadb://m/x"))).isEqualTo("jdbc:mariadb://m/x");
    }

    @Test
    void anExplicitUrlWinsOverTheEnvironment() {
        FlushBoundaryOptions options = parse("flush-boundary", "--db", "postgres", "--scenario", "pair-in-one-flush", "--url", "u");

        assertThat(options.url(Map.of("SLUICE_PG_URL", "env"))).isEqualTo("u");
    }

    @Test
    void rejectsWhatItDoesNotKnowNamingTheArgument() {
        assertThatThrownBy(() -> parse("flush-gate")).hasMessageContaining("unknown experiment 'flush-gate'");
        assertThatThrownBy(() -> parse()).hasMessageContaining("unknown experiment ''");
        assertThatThrownBy(() -> parse("flush-boundary", "--db", "postgres"))
                .hasMessageContaining("needs --db postgres|mariadb and --scenario pair-in-one-flush|flush-per-row");
        assertThatThrownBy(() -> parse("flush-boundary", "--db", "oracle"))
                .hasMessageContaining("--db must be postgres or mariadb, got 'oracle'");
        assertThatThrownBy(() -> parse("flush-boundary", "--scenario", "C"))
                .hasMessageContaining("--scenario must be pair-in-one-flush or flush-per-row, got 'C'");
        assertThatThrownBy(() -> parse("flush-boundary", "--transactional", "yes"))
                .hasMessageContaining("--transactional must be on or off, got 'yes'");
        assertThatThrownBy(() -> parse("flush-boundary", "--changes", "5"))
                .hasMessageContaining("--changes must be a whole number of at least 10, got '5'");
        assertThatThrownBy(() -> parse("flush-boundary", "--changes")).hasMessageContaining("--changes needs a value");
        assertThatThrownBy(() -> parse("flush-boundary", "--frobnicate", "1"))
                .hasMessageContaining("unknown argument '--frobnicate'");
        assertThatThrownBy(() -> parse("flush-boundary", "A")).hasMessageContaining("unknown argument 'A'");
    }

    private static FlushBoundaryOptions parse(String... arguments) {
        return FlushBoundaryOptions.parse(List.of(arguments));
    }
}
