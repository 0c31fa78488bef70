package io.sluice.embedded;

import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A database server that starts on first use, at most once per process, and stops when the JVM
 * exits. A failed start is remembered: later callers get the same error at once instead of paying
 * for another start that would fail the same way.
 */
final class EmbeddedServer {

    /** The database every embedded server creates, so the URL it hands out is usable as is. */
    static final String DATABASE = "sluice";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedServer.class);

    /** Starts one server process; knows where that process leaves its traces. */
    interface Launcher {
        Started start() throws Exception;

        /** Where to look when the start failed (data directory, logger names). */
        String whereToLook();
    }

    /** A running server: where to connect, and how to stop it. */
    record Started(ResolvedUrl url, AutoCloseable stopper) {}

    private final String name;
    private final Launcher launcher;
    private Started running;
    private EmbeddedDatabaseException failure;

    EmbeddedServer(String name, Launcher launcher) {
        this.name = name;
        this.launcher = launcher;
    }

    /** Where to connect; starts the server when this is the first call in the process. */
    synchronized ResolvedUrl url() {
        if (failure != null) {
            throw new EmbeddedDatabaseException(failure.getMessage(), failure);
        }
        if (running == null) {
            running = start();
        }
        return running.url();
    }

    private Started start() {
        LOG.info("Starting embedded {}", name);
        long begin = System.nanoTime();
        try {
            Started started = launcher.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(started), "stop-embedded-" + name));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            LOG.info("Embedded {} started in {} ms; connect with {} as user '{}'",
                    name, millis, started.url().jdbcUrl(), started.url().username());
            return started;
        } catch (Exception e) {
            failure = new EmbeddedDatabaseException("Could not start embedded " + name + ": " + e.getMessage()
                    + ". " + launcher.whereToLook(), e);
            throw failure;
        }
    }

    private void stop(Started started) {
        try {
            started.stopper().close();
        } catch (Exception e) {
            // The JVM is exiting; all we can do is say so.
            LOG.warn("Could not stop embedded {} cleanly", name, e);
        }
    }
}
