package io.sluice.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tries each source in order and takes the first database that answers; logs every attempt. When
 * none answers, the error lists why each source could not help.
 */
final class DatabaseLocator {

    /** System property choosing the sources and their order, e.g. {@code embedded} or {@code env,embedded}. */
    static final String SOURCES_PROPERTY = "sluice.it.databases";

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseLocator.class);

    private final List<TestDatabase.Source> order;
    private final Map<String, String> environment;

    DatabaseLocator(List<TestDatabase.Source> order, Map<String, String> environment) {
        this.order = List.copyOf(order);
        this.environment = Map.copyOf(environment);
    }

    /** The locator for this JVM: sources from {@value #SOURCES_PROPERTY}, the process environment. */
    static DatabaseLocator fromSystem() {
        String sources = System.getProperty(SOURCES_PROPERTY, "env,testcontainers,embedded");
        return new DatabaseLocator(parseSources(sources), System.getenv());
    }

    static List<TestDatabase.Source> parseSources(String text) {
        List<TestDatabase.Source> sources = new ArrayList<>();
        for (String key : text.split(",")) {
            sources.add(Arrays.stream(TestDatabase.Source.values())
                    .filter(source -> source.key().equalsIgnoreCase(key.trim()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("Unknown test database source '" + key.trim()
                            + "' in -D" + SOURCES_PROPERTY + "=" + text + "; known: env, testcontainers, embedded")));
        }
        return sources;
    }

    TestDatabase locate(TestDatabase.Kind kind) {
        List<String> reasons = new ArrayList<>();
        for (TestDatabase.Source source : order) {
            try {
                TestDatabase database = finder(source).find(kind);
                checkAnswers(database);
                LOG.info("{} test database from {}: {}", kind.displayName(), source.key(), database.description());
                return database;
            } catch (Exception e) {
                String reason = source.key() + ": " + describe(e);
                LOG.info("No {} test database from {}", kind.displayName(), reason);
                reasons.add(reason);
            }
        }
        throw new NoTestDatabaseException("No " + kind.displayName() + " test database could be had. Tried "
                + reasons.stream().collect(Collectors.joining("; ")));
    }

    private DatabaseFinder finder(TestDatabase.Source source) {
        return switch (source) {
            case ENVIRONMENT -> new EnvironmentDatabases(environment);
            case TESTCONTAINERS -> new ContainerDatabases();
            case EMBEDDED -> new EmbeddedDatabases();
        };
    }

    private static void checkAnswers(TestDatabase database) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
        } catch (SQLException e) {
            throw new SQLException(database.description() + " does not answer: " + e.getMessage(), e);
        }
    }

    /** The messages of the exception and its causes, which often hold the useful part. */
    private static String describe(Throwable error) {
        List<String> messages = new ArrayList<>();
        for (Throwable cause = error; cause != null && messages.size() < 3; cause = cause.getCause()) {
            String message = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            if (messages.stream().noneMatch(known -> known.contains(message))) {
                messages.add(message);
            }
        }
        return String.join(": ", messages);
    }
}
