package io.sluice.bench.kafka;

import io.sluice.kafka.embedded.EmbeddedKafkaBroker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The embedded Kafka broker in a JVM of its own, so that the CPU time a benchmark measures in its own JVM
 * is the job's, not the broker's. {@link #main} starts the broker and prints its address.
 */
final class BrokerProcess implements AutoCloseable {
    private static final String READY = "broker at ";
    private final Process process;
    private final String bootstrapServers;

    private BrokerProcess(Process process, String bootstrapServers) {
        this.process = process;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts the broker JVM with this JVM's classpath and waits (at most a minute) until it serves. */
    static BrokerProcess start() throws IOException {
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), BrokerProcess.class.getName()))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        for (String line = lines.readLine(); line != null && System.nanoTime() < deadline; line = lines.readLine()) {
            if (line.startsWith(READY)) {
                return new BrokerProcess(process, line.substring(READY.length()).strip());
            }
        }
        process.destroyForcibly();
        throw new IOException("The embedded Kafka broker did not start within a minute; see its log above");
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println(READY + EmbeddedKafkaBroker.bootstrapServers());
        System.out.flush();
        Thread.currentThread().join();
    }
}
