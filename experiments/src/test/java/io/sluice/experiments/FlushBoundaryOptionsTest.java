package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlushBoundaryOptionsTest {

    @Test
    void takesEveryOption() {
        FlushBoundaryOptions options = FlushBoundaryOptions.of("mariadb", "Flush-Per-Row", "off",
                "jdbc:mariadb://db/test", "200");

        assertThat(options).isEqualTo(new FlushBoundaryOptions(ExperimentDatabase.MARIADB, Scenario.FLUSH_PER_ROW, false,
                "jdbc:mariadb://db/test", null, null, 200));
        assertThat(options.outputDirectory())
                .isEqualTo(Path.of("target", "experiments", "flush-boundary-mariadb-flush-per-row-tx-off"));
    }

    @Test
    void isTransactionalByDefaultAndTakesTheUrlFromTheEnvironmentElseTheEmbeddedServer() {
        FlushBoundaryOptions postgres = FlushBoundaryOptions.of("postgres", "pair-in-one-flush", null, null, null);
        FlushBoundaryOptions mariadb = FlushBoundaryOptions.of("mariadb", "pair-in-one-flush", null, null, null);

        assertThat(postgres.transactional()).isTrue();
        assertThat(postgres.changes()).isEqualTo(FlushBoundaryOptions.DEFAULT_CHANGES);
        assertThat(postgres.url(Map.of())).isEqualTo("embedded:postgres");
        assertThat(postgres.url(Map.of("SLUICE_PG_URL", "jdbc:postgresql://pg/x"))).isEqualTo("jdbc:postgresql://pg/x");
        assertThat(mariadb.url(Map.of("SLUICE_PG_URL", "jdbc:postgresql://pg/x"))).isEqualTo("embedded:mariadb");
        assertThat(mariadb.url(Map.of("SLUICE_MYSQL_URL", "jdbc:mariadb://m/x"))).isEqualTo("jdbc:mariadb://m/x");
    }

    @Test
    void anExplicitUrlWinsOverTheEnvironment() {
        FlushBoundaryOptions options = FlushBoundaryOptions.of("postgres", "pair-in-one-flush", null, "u", null);

        assertThat(options.url(Map.of("SLUICE_PG_URL", "env"))).isEqualTo("u");
    }

    @Test
    void rejectsValuesItDoesNotKnowNamingTheOption() {
        assertThatThrownBy(() -> FlushBoundaryOptions.of("oracle", "flush-per-row", null, null, null))
                .hasMessageContaining("--db must be postgres or mariadb, got 'oracle'");
        assertThatThrownBy(() -> FlushBoundaryOptions.of("postgres", "C", null, null, null))
                .hasMessageContaining("--scenario must be pair-in-one-flush or flush-per-row, got 'C'");
        assertThatThrownBy(() -> FlushBoundaryOptions.of("postgres", "flush-per-row", "yes", null, null))
                .hasMessageContaining("--transactional must be on or off, got 'yes'");
        assertThatThrownBy(() -> FlushBoundaryOptions.of("postgres", "flush-per-row", null, null, "5"))
                .hasMessageContaining("--changes must be a whole number of at least 10, got '5'");
    }
}
