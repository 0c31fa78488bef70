package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The partial cache of one lookup reader: the rows found per key, at most {@code maxKeys} keys (the
 * least recently used leaves first), each dropped {@code expireAfterWriteMillis} after it was read or
 * {@code expireAfterAccessMillis} after it was last used. Used from one thread, as its reader is.
 */
public final class LookupCache {
    private final long maxKeys;
    private final long expireAfterWriteMillis;
    private final long expireAfterAccessMillis;
    private final boolean cacheMissingKey;
    private final LinkedHashMap<List<Object>, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final LongSupplier clock;
    private long hits;
    private long misses;

    LookupCache(long maxKeys, long expireAfterWriteMillis, long expireAfterAccessMillis, boolean cacheMissingKey,
                LongSupplier clock) {
        this.maxKeys = maxKeys;
        this.expireAfterWriteMillis = expireAfterWriteMillis;
        this.expireAfterAccessMillis = expireAfterAccessMillis;
        this.cacheMissingKey = cacheMissingKey;
        this.clock = clock;
    }

    private static final class Entry {
        final List<Row> rows;
        final long writtenAt;
        long accessedAt;

        Entry(List<Row> rows, long now) {
            this.rows = rows;
            this.writtenAt = now;
            this.accessedAt = now;
        }
    }

    /** The cached rows of {@code key}, or null when it is not cached or has expired. */
    public List<Row> get(List<Object> key) {
        Entry entry = entries.get(key);
        long now = clock.getAsLong();
        if (entry == null || expired(entry, now)) {
            if (entry != null) {
                entries.remove(key);
            }
            misses++;
            return null;
        }
        entry.accessedAt = now;
        hits++;
        return entry.rows;
    }

    /** Caches what the table held for {@code key} (an empty list too, unless missing keys are not cached). */
    public void put(List<Object> key, List<Row> rows) {
        if (rows.isEmpty() && !cacheMissingKey) {
            return;
        }
        entries.put(key, new Entry(List.copyOf(rows), clock.getAsLong()));
        Iterator<Map.Entry<List<Object>, Entry>> eldest = entries.entrySet().iterator();
        while (entries.size() > maxKeys && eldest.hasNext()) {
            eldest.next();
            eldest.remove();
        }
    }

    private boolean expired(Entry entry, long now) {
        return now - entry.writtenAt >= expireAfterWriteMillis || now - entry.accessedAt >= expireAfterAccessMillis;
    }

    public long hits() {
        return hits;
    }

    public long misses() {
        return misses;
    }

    public int size() {
        return entries.size();
    }
}
