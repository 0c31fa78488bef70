package io.sluice.jdbc.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.dialect.JdbcDialectFactory;
import java.util.ServiceLoader;
import java.util.ServiceLoader.Provider;
import org.junit.jupiter.api.Test;

class MySqlDialectFactoryTest {

    @Test
    void foundThroughTheServiceLoaderForMySqlAndMariaDbUrls() {
        JdbcDialectFactory factory = ServiceLoader.load(JdbcDialectFactory.class).stream().map(Provider::get)
                .filter(f -> f.acceptsUrl("jdbc:mysql://db:3306/shop")).findFirst().orElseThrow();
        assertThat(factory.name()).isEqualTo("mysql");
        assertThat(factory.acceptsUrl("jdbc:mariadb://db/shop")).isTrue();
        assertThat(factory.acceptsUrl("jdbc:postgresql://db/shop")).isFalse();
        assertThat(factory.create().name()).isEqualTo("mysql");
    }
}
