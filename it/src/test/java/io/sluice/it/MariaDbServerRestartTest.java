package io.sluice.it;

import java.nio.file.Path;

/** {@link ServerRestartSuite} against a MariaDB server of the test's own. */
class MariaDbServerRestartTest extends ServerRestartSuite {

    @Override
    RestartableServer startServer(int port, Path directory) throws InterruptedException {
        return PrivateMariaDbServer.startFresh(port, directory);
    }
}
