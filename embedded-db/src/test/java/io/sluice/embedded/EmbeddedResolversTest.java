package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.dialect.JdbcUrlResolver;
import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class EmbeddedResolversTest {

    @Test
    void embeddedPostgresAnswersAndIsStartedOnce() throws SQLException {
        ResolvedUrl first = resolverFor("embedded:postgres").resolve("embedded:postgres");

        assertThat(first.jdbcUrl()).startsWith("jdbc:postgresql://localhost:").endsWith("/sluice");
        assertThat(selectOne(first)).isEqualTo(1);
        assertThat(new EmbeddedPostgresResolver().resolve(" EMBEDDED:postgres ")).isEqualTo(first);
    }

    @Test
    void embeddedMariaDbAnswersAndIsStartedOnce() throws SQLException {
        ResolvedUrl first = resolverFor("embedded:mariadb").resolve("embedded:mariadb");

        assertThat(first.jdbcUrl()).startsWith("jdbc:mariadb://localhost:").endsWith("/sluice");
        assertThat(selectOne(first)).isEqualTo(1);
        assertThat(new EmbeddedMariaDbResolver().resolve("embedded:mariadb")).isEqualTo(first);
    }

    private static JdbcUrlResolver resolverFor(String url) {
        return ServiceLoader.load(JdbcUrlResolver.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(resolver -> resolver.accepts(url))
                .findFirst()
                .orElseThrow();
    }

    private static int selectOne(ResolvedUrl url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.username(), url.password());
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT 1")) {
            result.next();
            return result.getInt(1);
        }
    }
}
