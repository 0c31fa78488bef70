package io.sluice.embedded;

import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** Starts PostgreSQL from zonky's binaries on a free port, in a fresh temporary data directory. */
final class PostgresLauncher implements EmbeddedServer.Launcher {

    private static final String USER = "postgres";

    private Path dataDirectory;

    @Override
    public EmbeddedServer.Started start() throws IOException, SQLException {
        dataDirectory = Files.createTempDirectory("sluice-postgres-");
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(true)
                .setRegisterShutdownHook(false)
                // zonky's default of 10 s is too short on a busy two-core CI machine.
                .setPGStartupWait(Duration.ofSeconds(60))
                .start();
        try {
            createDatabase(postgres);
        } catch (SQLException e) {
            postgres.close();
            throw e;
        }
        String jdbcUrl = "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + EmbeddedServer.DATABASE;
        return new EmbeddedServer.Started(new ResolvedUrl(jdbcUrl, USER, ""), postgres);
    }

    private static void createDatabase(EmbeddedPostgres postgres) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + EmbeddedServer.DATABASE);
        }
    }

    @Override
    public String whereToLook() {
        return "Data directory: " + dataDirectory
                + "; the server's own output is logged by io.zonky.test.db.postgres.embedded.EmbeddedPostgres";
    }
}
