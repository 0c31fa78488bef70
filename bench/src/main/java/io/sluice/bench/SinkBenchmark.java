package io.sluice.bench;

import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.function.UnaryOperator;

/**
 * Writes an upsert changelog (default: 1,000,000 changes over 100,000 keys, 10% deletes, rows of five
 * columns, a flush every 5,000 changes) into PostgreSQL with each of its batch strategies and into
 * MariaDB/MySQL, verifies the final table, and prints one Markdown table row per run.
 *
 * <p>Arguments, all optional: {@code changes=N keys=N max-rows=N}.
 */
public final class SinkBenchmark {
    private static final long SEED = 42;
    private static final double DELETE_SHARE = 0.1;

    private record Target(TestDatabase.Kind kind, String label, UnaryOperator<Connection> connection) {
    }

    private final int changes;
    private final int keys;
    private final int maxRows;

    private SinkBenchmark(Map<String, Integer> settings) {
        this.changes = settings.getOrDefault("changes", 1_000_000);
        this.keys = settings.getOrDefault("keys", 100_000);
        this.maxRows = settings.getOrDefault("max-rows", 5_000);
    }

    public static void main(String[] args) throws SQLException {
        SinkBenchmark benchmark = new SinkBenchmark(settings(args));
        List<Target> targets = List.of(
                new Target(TestDatabase.Kind.POSTGRES, "PostgreSQL", UnaryOperator.identity()),
                new Target(TestDatabase.Kind.POSTGRES, "PostgreSQL (driver without arrays)", ArraylessConnection::wrap),
                new Target(TestDatabase.Kind.MYSQL, "MariaDB/MySQL", UnaryOperator.identity()));
        System.out.println("| database | strategy | changes | seconds | changes/s | flushes | statements/flush"
                + " | round trips/flush | final table |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---|");
        for (Target target : targets) {
            System.out.println(benchmark.run(target));
        }
    }

    private static Map<String, Integer> settings(String[] args) {
        Map<String, Integer> settings = new HashMap<>();
        for (String arg : args) {
            String[] parts = arg.split("=", 2);
            if (parts.length != 2 || !List.of("changes", "keys", "max-rows").contains(parts[0])) {
                throw new IllegalArgumentException("Unknown argument '" + arg + "'; use changes=N keys=N max-rows=N");
            }
            settings.put(parts[0], Integer.parseInt(parts[1].replace("_", "")));
        }
        return settings;
    }

    private String run(Target target) throws SQLException {
        TestDatabase database = TestDatabases.get(target.kind());
        JdbcDialect dialect = dialectFor(database.jdbcUrl());
        TableDefinition table = UpsertChangelog.table(TestDatabase.uniqueName("bench"));
        try (Connection real = connect(database, dialect)) {
            Connection connection = target.connection().apply(real);
            execute(real, dialect.createTableStatement(table));
            try {
                return measure(target, dialect, table, connection);
            } finally {
                real.rollback();
                real.setAutoCommit(true);
                execute(real, "DROP TABLE " + dialect.quoteTableName(table.tableName()));
            }
        }
    }

    private String measure(Target target, JdbcDialect dialect, TableDefinition table, Connection connection)
            throws SQLException {
        TableWriter writer = dialect.openWriter(connection, table);
        UpsertChangelog changelog = new UpsertChangelog(SEED, keys, DELETE_SHARE);
        ReducingFlusher flusher = new ReducingFlusher(writer, connection, maxRows);
        long start = System.nanoTime();
        for (int i = 0; i < changes; i++) {
            flusher.add(changelog.next());
        }
        flusher.flush();
        double seconds = (System.nanoTime() - start) / 1e9;
        int rows = FinalTable.verify(connection, dialect, table, changelog.expectedTable());
        WriteStats stats = flusher.stats();
        int flushes = flusher.flushes();
        return String.format(Locale.ROOT, "| %s | %s | %,d | %.1f | %,.0f | %,d | %.1f | %.1f | %,d rows, exact |",
                target.label(), writer.strategy(), changes, seconds, changes / seconds, flushes,
                (double) stats.statements() / flushes, (double) stats.roundTrips() / flushes, rows);
    }

    private static JdbcDialect dialectFor(String url) {
        return ServiceLoader.load(JdbcDialectFactory.class).stream().map(ServiceLoader.Provider::get)
                .filter(factory -> factory.acceptsUrl(url)).findFirst()
                .orElseThrow(() -> new IllegalStateException("No dialect accepts " + url)).create();
    }

    private static Connection connect(TestDatabase database, JdbcDialect dialect) throws SQLException {
        Properties properties = new Properties();
        properties.putAll(dialect.driverProperties());
        if (database.user() != null) {
            properties.setProperty("user", database.user());
        }
        if (database.password() != null) {
            properties.setProperty("password", database.password());
        }
        return DriverManager.getConnection(dialect.connectionUrl(database.jdbcUrl()), properties);
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
