package io.sluice.api.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.ObjectIdentifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LookupCacheTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private static final List<Row> ROWS = List.of(Row.insert(1L, "a"));

    @Test
    void theLeastRecentlyUsedKeyLeavesFirst() {
        LookupCache cache = new LookupCache(2, Long.MAX_VALUE, Long.MAX_VALUE, true, now::get);
        cache.put(List.of(1L), ROWS);
        cache.put(List.of(2L), ROWS);
        assertThat(cache.get(List.of(1L))).isEqualTo(ROWS);
        cache.put(List.of(3L), ROWS);

        assertThat(cache.get(List.of(2L))).isNull();
        assertThat(cache.get(List.of(1L))).isEqualTo(ROWS);
        assertThat(cache.get(List.of(3L))).isEqualTo(ROWS);
        assertThat(cache.hits()).isEqualTo(3);
        assertThat(cache.misses()).isEqualTo(1);
    }

    @Test
    void entriesExpireAfterWriteAndAfterAccess() {
        LookupCache written = new LookupCache(10, 100, Long.MAX_VALUE, true, now::get);
        written.put(List.of(1L), ROWS);
        now.addAndGet(60);
        assertThat(written.get(List.of(1L))).isEqualTo(ROWS);
        now.addAndGet(40);
        assertThat(written.get(List.of(1L))).isNull();

        LookupCache accessed = new LookupCache(10, Long.MAX_VALUE, 100, true, now::get);
        accessed.put(List.of(1L), ROWS);
        now.addAndGet(60);
        assertThat(accessed.get(List.of(1L))).isEqualTo(ROWS);
        now.addAndGet(60);
        assertThat(accessed.get(List.of(1L))).isEqualTo(ROWS);
        now.addAndGet(100);
        assertThat(accessed.get(List.of(1L))).isNull();
    }

    @Test
    void aMissingKeyIsCachedUnlessTheOptionsSayNot() {
        LookupCache cache = LookupOptions.cache(options(Map.of("lookup.cache", "PARTIAL",
                "lookup.partial-cache.max-rows", "10", "lookup.partial-cache.cache-missing-key", "false")));
        cache.put(List.of(1L), List.of());
        assertThat(cache.get(List.of(1L))).isNull();

        LookupCache caching = LookupOptions.cache(options(Map.of("lookup.cache", "PARTIAL",
                "lookup.partial-cache.expire-after-write", "1 min")));
        caching.put(List.of(1L), List.of());
        assertThat(caching.get(List.of(1L))).isEmpty();
    }

    @Test
    void noCacheByDefaultAndAPartialCacheNeedsABound() {
        assertThat(LookupOptions.cache(options(Map.of()))).isNull();
        assertThatThrownBy(() -> LookupOptions.cache(options(Map.of("lookup.cache", "PARTIAL"))))
                .hasMessageContaining("'lookup.cache' = 'PARTIAL' needs at least one of 'lookup.partial-cache.max-rows'");
    }

    private static TableOptions options(Map<String, String> options) {
        return new TableOptions(ObjectIdentifier.of("dim"), options);
    }
}
