package io.sluice.jdbc.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.JdbcDialectFactory;
import java.time.Duration;
import java.util.ServiceLoader;
import java.util.ServiceLoader.Provider;
import org.junit.jupiter.api.Test;

class PostgresDialectFactoryTest {

    @Test
    void foundThroughTheServiceLoaderForPostgresUrls() {
        JdbcDialectFactory factory = ServiceLoader.load(JdbcDialectFactory.class).stream().map(Provider::get)
                .filter(f -> f.acceptsUrl("jdbc:postgresql://db:5432/shop")).findFirst().orElseThrow();
        assertThat(factory.name()).isEqualTo("postgres");
        assertThat(factory.acceptsUrl("jdbc:mysql://db/shop")).isFalse();
    }

    @Test
    void timeoutsGoToPgjdbcInWholeSecondsRoundedUp() {
        JdbcDialectFactory factory = new PostgresDialectFactory();
        assertThat(factory.create().driverProperties("jdbc:postgresql://db/shop",
                new ConnectionTimeouts(Duration.ofMillis(2500), Duration.ofMinutes(5))))
                .containsEntry("reWriteBatchedInserts", "true").containsEntry("connectTimeout", "3")
                .containsEntry("loginTimeout", "3").containsEntry("socketTimeout", "300");
    }
}
