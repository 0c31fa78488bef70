package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testing.TestDatabase.Kind;
import io.sluice.testing.TestDatabase.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DatabaseLocatorTest {

    @ParameterizedTest
    @EnumSource(Kind.class)
    void fallsBackToTheEmbeddedServerWhenTheEnvironmentNamesNoDatabase(Kind kind) throws SQLException {
        DatabaseLocator locator = new DatabaseLocator(List.of(Source.ENVIRONMENT, Source.EMBEDDED), Map.of());

        TestDatabase db = locator.locate(kind);

        assertThat(db.source()).isEqualTo(Source.EMBEDDED);
        assertThat(db.description()).startsWith("embedded:");
        try (Connection connection = db.open();
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT 1")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void failsWithTheReasonOfEveryAttempt() {
        Map<String, String> environment = Map.of("SLUICE_IT_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:1/none");
        DatabaseLocator locator = new DatabaseLocator(List.of(Source.ENVIRONMENT), environment);

        assertThatThrownBy(() -> locator.locate(Kind.POSTGRES))
                .isInstanceOf(NoTestDatabaseException.class)
                .hasMessageStartingWith("No PostgreSQL test database could be had. Tried env: "
                        + "SLUICE_IT_POSTGRES_URL (jdbc:postgresql://127.0.0.1:1/none) does not answer: ")
                .hasMessageContaining("refused");
        assertThatThrownBy(() -> locator.locate(Kind.MYSQL))
                .hasMessage("No MySQL test database could be had. Tried env: SLUICE_IT_MYSQL_URL is not set");
    }

    @Test
    void neverShowsThePassword() {
        Map<String, String> environment = Map.of(
                "SLUICE_IT_MYSQL_URL", "jdbc:mariadb://127.0.0.1:1/none?user=me&password=hunter2&useSsl=false",
                "SLUICE_IT_MYSQL_PASSWORD", "swordfish");

        TestDatabase db = new EnvironmentDatabases(environment).find(Kind.MYSQL);

        assertThat(db.password()).isEqualTo("swordfish");
        assertThat(db.description())
                .isEqualTo("SLUICE_IT_MYSQL_URL (jdbc:mariadb://127.0.0.1:1/none?user=me&password=***&useSsl=false)");
        assertThat(db.toString()).doesNotContain("hunter2", "swordfish");
        assertThatThrownBy(() -> new DatabaseLocator(List.of(Source.ENVIRONMENT), environment).locate(Kind.MYSQL))
                .message().doesNotContain("hunter2", "swordfish");
    }

    @Test
    void sourcesAreChosenByName() {
        assertThat(DatabaseLocator.parseSources("embedded, ENV")).containsExactly(Source.EMBEDDED, Source.ENVIRONMENT);
        assertThatThrownBy(() -> DatabaseLocator.parseSources("env,docker"))
                .hasMessage("Unknown test database source 'docker' in -Dsluice.it.databases=env,docker;"
                        + " known: env, testcontainers, embedded");
    }

    @Test
    void uniqueNamesDifferAndNeedNoQuoting() {
        String first = TestDatabase.uniqueName("orders");
        String second = TestDatabase.uniqueName("orders");

        assertThat(first).matches("orders_[a-z0-9]+").isNotEqualTo(second);
        assertThatThrownBy(() -> TestDatabase.uniqueName("Orders-1"))
                .hasMessageContaining("'Orders-1' must be 1 to 40 lower-case letters");
    }
}
