package io.sluice.it.exactlyonce;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A reader on a connection of its own that reads the target tables over and over while the job runs,
 * killed and restored, and notes every time a key showed a value older than one it had shown before,
 * or vanished. Values only grow in the job's model, so any step back is a replayed older change.
 */
final class TableSampler implements AutoCloseable {
    private final TestDatabase database;
    private final List<String> targets;
    private final Map<String, Map<Integer, Long>> shown = new HashMap<>();
    private final List<String> stepsBack = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Exception failure;
    private long samples;

    TableSampler(TestDatabase database, List<String> targets) {
        this.database = database;
        this.targets = targets;
        this.thread = new Thread(this::run, "table-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try (Connection connection = database.open()) {
            while (running) {
                for (String target : targets) {
                    sample(target, AuditedTables.read(connection, target));
                }
            }
        } catch (SQLException e) {
            failure = e;
        }
    }

    private synchronized void sample(String target, Map<Integer, Long> rows) {
        samples++;
        Map<Integer, Long> before = shown.computeIfAbsent(target, t -> new HashMap<>());
        before.forEach((key, value) -> {
            Long now = rows.get(key);
            if (now == null || now < value) {
                stepsBack.add(target + " key " + key + ": showed " + value + ", then " + now);
            }
        });
        rows.forEach((key, value) -> before.merge(key, value, Math::max));
    }

    /** Stops sampling; what stepped back. */
    synchronized List<String> stepsBack() {
        return List.copyOf(stepsBack);
    }

    synchronized long samples() {
        return samples;
    }

    @Override
    public void close() throws Exception {
        running = false;
        thread.join();
        if (failure != null) {
            throw failure;
        }
    }
}
