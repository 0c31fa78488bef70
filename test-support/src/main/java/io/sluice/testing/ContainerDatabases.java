package io.sluice.testing;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;

/** Databases in Docker containers started by Testcontainers, when a Docker engine answers. */
final class ContainerDatabases implements DatabaseFinder {

    static final String POSTGRES_IMAGE = "postgres:16-alpine";
    static final String MYSQL_IMAGE = "mysql:8.4";

    /** Looking for Docker can take long on a machine without it; a test run must not wait on that. */
    private static final long DOCKER_CHECK_SECONDS = 20;

    /** Null until checked; then empty when Docker answers, else why not. */
    private static String dockerProblem;

    @Override
    public TestDatabase find(TestDatabase.Kind kind) {
        String problem = dockerProblem();
        if (!problem.isEmpty()) {
            throw new IllegalStateException(problem);
        }
        String image = switch (kind) {
            case POSTGRES -> POSTGRES_IMAGE;
            case MYSQL -> MYSQL_IMAGE;
        };
        JdbcDatabaseContainer<?> container = switch (kind) {
            case POSTGRES -> new PostgreSQLContainer<>(image);
            case MYSQL -> new MySQLContainer<>(image);
        };
        // Testcontainers' reaper removes the container when this JVM exits.
        container.start();
        // The MariaDB driver that comes with test-support speaks to MySQL too, under its own URL scheme.
        String url = container.getJdbcUrl().replaceFirst("^jdbc:mysql:", "jdbc:mariadb:");
        return new TestDatabase(kind, TestDatabase.Source.TESTCONTAINERS, url,
                container.getUsername(), container.getPassword(), "Testcontainers " + image + " (" + url + ")");
    }

    static synchronized String dockerProblem() {
        if (dockerProblem == null) {
            dockerProblem = checkDocker();
        }
        return dockerProblem;
    }

    private static String checkDocker() {
        ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "docker-check");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Future<Boolean> available = executor.submit(() -> DockerClientFactory.instance().isDockerAvailable());
            return available.get(DOCKER_CHECK_SECONDS, TimeUnit.SECONDS) ? "" : "no Docker engine answers";
        } catch (TimeoutException e) {
            return "Docker did not answer within " + DOCKER_CHECK_SECONDS + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking for Docker";
        } catch (ExecutionException e) {
            return "checking for Docker failed: " + e.getCause();
        } finally {
            executor.shutdownNow();
        }
    }
}
