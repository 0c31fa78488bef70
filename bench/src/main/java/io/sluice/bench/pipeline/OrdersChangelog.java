package io.sluice.bench.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The workload of {@code bench/run pipeline}: a seeded upsert changelog of
 * {@code orders(id, tenant, amount, status, updated_at)} over a fixed key space, as a changelog file the
 * {@code values} connector reads ({@code +I[...]}, {@code +U[...]}, {@code -D[...]}), and the table it
 * leaves behind. A change deletes an existing key with probability {@code deleteShare}, otherwise it
 * upserts a random key.
 */
final class OrdersChangelog {
    static final String COLUMNS = "id BIGINT, tenant INT, amount DECIMAL(12, 2), status STRING, updated_at TIMESTAMP(3)";
    private static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};
    private static final LocalDateTime START = LocalDateTime.parse("2026-01-01T00:00:00");
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** One change; {@code delete} changes carry the key's last row, as a changelog's -D does. */
    record Change(boolean delete, long id, int tenant, BigDecimal amount, String status, LocalDateTime updatedAt) {
    }

    private final List<Change> changes;
    private final Map<Long, Change> finalTable;

    private OrdersChangelog(List<Change> changes, Map<Long, Change> finalTable) {
        this.changes = changes;
        this.finalTable = finalTable;
    }

    static OrdersChangelog generate(long seed, int count, int keys, double deleteShare) {
        Random random = new Random(seed);
        Map<Long, Change> table = new HashMap<>();
        List<Long> present = new ArrayList<>();
        List<Change> changes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (!present.isEmpty() && random.nextDouble() < deleteShare) {
                int at = random.nextInt(present.size());
                long id = present.get(at);
                present.set(at, present.get(present.size() - 1));
                present.remove(present.size() - 1);
                Change last = table.remove(id);
                changes.add(new Change(true, id, last.tenant(), last.amount(), last.status(), last.updatedAt()));
                continue;
            }
            long id = random.nextInt(keys);
            Change upsert = new Change(false, id, 1 + random.nextInt(200), BigDecimal.valueOf(random.nextInt(10_000_000), 2),
                    STATUSES[random.nextInt(STATUSES.length)], START.plusNanos(i * 1_000_000L));
            if (table.put(id, upsert) == null) {
                present.add(id);
            }
            changes.add(upsert);
        }
        return new OrdersChangelog(changes, table);
    }

    int size() {
        return changes.size();
    }

    /** The rows the changelog leaves, by id. */
    Map<Long, Change> finalTable() {
        return finalTable;
    }

    /** Writes the changelog in the {@code values} connector's text form: the first change of a key is +I. */
    void writeTo(Path file) throws IOException {
        Map<Long, Boolean> seen = new HashMap<>();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Change change : changes) {
                String kind = change.delete() ? "-D" : seen.put(change.id(), Boolean.TRUE) == null ? "+I" : "+U";
                if (change.delete()) {
                    seen.remove(change.id());
                }
                out.write(kind + "[" + change.id() + ", " + change.tenant() + ", " + change.amount().toPlainString()
                        + ", " + change.status() + ", " + TIMESTAMP.format(change.updatedAt()) + "]\n");
            }
        }
    }

    /**
     * The changes in consecutive runs of {@code maxRows}, each reduced to the last change per key: what
     * a synchronous writer flushing every {@code maxRows} changes writes in each flush.
     */
    List<List<Change>> flushes(int maxRows) {
        List<List<Change>> flushes = new ArrayList<>();
        for (int start = 0; start < changes.size(); start += maxRows) {
            Map<Long, Change> reduced = new LinkedHashMap<>();
            for (Change change : changes.subList(start, Math.min(changes.size(), start + maxRows))) {
                reduced.put(change.id(), change);
            }
            flushes.add(new ArrayList<>(reduced.values()));
        }
        return flushes;
    }
}
