package io.sluice.api.connector;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import java.time.Duration;
import java.util.List;

/** The lookup options every lookup connector takes, with Flink's names and defaults. */
public final class LookupOptions {

    /** Whether looked-up rows are cached. */
    public enum CacheKind { NONE, PARTIAL }

    public static final ConfigOption<CacheKind> CACHE = ConfigOption.enumOption("lookup.cache", CacheKind.class)
            .defaultValue(CacheKind.NONE)
            .description("NONE looks every row up in the table; PARTIAL keeps the rows found per key in a cache "
                    + "bounded by the lookup.partial-cache.* options.").build();

    public static final ConfigOption<Long> PARTIAL_CACHE_MAX_ROWS = ConfigOption
            .longOption("lookup.partial-cache.max-rows")
            .description("Keys the partial cache holds at most; the least recently used goes first.").build();

    public static final ConfigOption<Duration> PARTIAL_CACHE_EXPIRE_AFTER_WRITE = ConfigOption
            .durationOption("lookup.partial-cache.expire-after-write")
            .description("A cached key is looked up again this long after it was read.").build();

    public static final ConfigOption<Duration> PARTIAL_CACHE_EXPIRE_AFTER_ACCESS = ConfigOption
            .durationOption("lookup.partial-cache.expire-after-access")
            .description("A cached key is looked up again when it was not used for this long.").build();

    public static final ConfigOption<Boolean> PARTIAL_CACHE_CACHE_MISSING_KEY = ConfigOption
            .booleanOption("lookup.partial-cache.cache-missing-key").defaultValue(true)
            .description("Whether a key the table does not hold is cached too.").build();

    public static final ConfigOption<Integer> MAX_RETRIES = ConfigOption.intOption("lookup.max-retries")
            .defaultValue(3)
            .description("How often a failed lookup is tried again before the job fails.").build();

    private LookupOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(CACHE, PARTIAL_CACHE_MAX_ROWS, PARTIAL_CACHE_EXPIRE_AFTER_WRITE,
                PARTIAL_CACHE_EXPIRE_AFTER_ACCESS, PARTIAL_CACHE_CACHE_MISSING_KEY, MAX_RETRIES);
    }

    /**
     * The cache the options ask for, or null for {@code 'lookup.cache' = 'NONE'}.
     *
     * @throws ValidationException when a partial cache has no bound, or a bound is not positive
     */
    public static LookupCache cache(TableOptions options) {
        if (options.get(CACHE) == CacheKind.NONE) {
            return null;
        }
        Long maxRows = options.get(PARTIAL_CACHE_MAX_ROWS);
        Duration afterWrite = options.get(PARTIAL_CACHE_EXPIRE_AFTER_WRITE);
        Duration afterAccess = options.get(PARTIAL_CACHE_EXPIRE_AFTER_ACCESS);
        if (maxRows == null && afterWrite == null && afterAccess == null) {
            throw new ValidationException("Table '" + options.table() + "': 'lookup.cache' = 'PARTIAL' needs at least "
                    + "one of 'lookup.partial-cache.max-rows', 'lookup.partial-cache.expire-after-write' and "
                    + "'lookup.partial-cache.expire-after-access', or the cache would grow without bound");
        }
        if (maxRows != null && maxRows <= 0) {
            throw new ValidationException("Table '" + options.table() + "': 'lookup.partial-cache.max-rows' must be "
                    + "positive, not " + maxRows);
        }
        return new LookupCache(maxRows == null ? Long.MAX_VALUE : maxRows, millis(afterWrite), millis(afterAccess),
                options.get(PARTIAL_CACHE_CACHE_MISSING_KEY), System::currentTimeMillis);
    }

    private static long millis(Duration duration) {
        return duration == null ? Long.MAX_VALUE : duration.toMillis();
    }
}
