package io.sluice.it;

import io.sluice.testing.TestDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@link ServerRestartSuite} against an embedded PostgreSQL of the test's own. */
class PostgresServerRestartTest extends ServerRestartSuite {

    @Override
    RestartableServer startServer(int port, Path directory) throws IOException {
        return new RestartablePostgres(port, directory);
    }

    /** An embedded PostgreSQL whose data directory outlives a stop. */
    private static final class RestartablePostgres implements RestartableServer {
        private final int port;
        private final Path data;
        private EmbeddedPostgres server;

        RestartablePostgres(int port, Path data) throws IOException {
            this.port = port;
            this.data = data;
            start();
        }

        @Override
        public TestDatabase database() {
            return new TestDatabase(TestDatabase.Kind.POSTGRES, TestDatabase.Source.EMBEDDED,
                    "jdbc:postgresql://localhost:" + port + "/postgres", "postgres", "",
                    "the PostgreSQL server of this test");
        }

        @Override
        public void stop() throws IOException {
            server.close();
            server = null;
        }

        @Override
        public void start() throws IOException {
            server = EmbeddedPostgres.builder().setPort(port).setDataDirectory(data)
                    .setCleanDataDirectory(false).start();
        }

        /** The postmaster, whose process id heads its pid file, and every backend it forked. */
        @Override
        public List<ProcessHandle> processes() throws IOException {
            long postmaster = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
            ProcessHandle root = ProcessHandle.of(postmaster)
                    .orElseThrow(() -> new IOException("PostgreSQL's postmaster " + postmaster + " is not running"));
            List<ProcessHandle> all = new ArrayList<>(List.of(root));
            root.descendants().forEach(all::add);
            return all;
        }

        @Override
        public void close() throws IOException {
            if (server != null) {
                stop();
            }
        }
    }
}
