package io.sluice.jdbc.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.util.UtilityElf;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.jdbc.JdbcOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * The {@code connection.pool.*} options a table may set, each passed to one HikariCP setting. Keys are
 * checked against this list so that a typo fails instead of being ignored.
 */
public final class PoolOptions {
    private static final String PREFIX = JdbcOptions.POOL_PREFIX;

    private static final List<PoolOption<?>> OPTIONS = List.of(
            intSetting("maximum-pool-size", "Most connections the pool opens.", HikariConfig::setMaximumPoolSize),
            intSetting("minimum-idle", "Idle connections the pool keeps.", HikariConfig::setMinimumIdle),
            durationSetting("connection-timeout", "Longest wait for a connection from the pool.",
                    HikariConfig::setConnectionTimeout),
            durationSetting("validation-timeout", "Longest wait for a connection check.",
                    HikariConfig::setValidationTimeout),
            durationSetting("idle-timeout", "Idle time after which a connection is closed.",
                    HikariConfig::setIdleTimeout),
            durationSetting("max-lifetime", "Age after which a connection is replaced.", HikariConfig::setMaxLifetime),
            durationSetting("keepalive-time", "How often idle connections are kept alive.",
                    HikariConfig::setKeepaliveTime),
            durationSetting("leak-detection-threshold", "Time a connection may be out before a leak is logged.",
                    HikariConfig::setLeakDetectionThreshold),
            stringSetting("connection-init-sql", "SQL run on every new connection.",
                    HikariConfig::setConnectionInitSql),
            stringSetting("transaction-isolation", "Isolation level, such as TRANSACTION_READ_COMMITTED.",
                    PoolOptions::setTransactionIsolation));

    private PoolOptions() {
    }

    /** The typed options, for documentation. */
    public static List<ConfigOption<?>> all() {
        return OPTIONS.stream().<ConfigOption<?>>map(PoolOption::option).toList();
    }

    /**
     * Applies every {@code connection.pool.*} option of {@code options} to {@code config}.
     *
     * @throws ValidationException naming the table and the option that is unknown or out of range
     */
    public static void apply(TableOptions options, HikariConfig config) {
        Map<String, PoolOption<?>> byKey = OPTIONS.stream()
                .collect(Collectors.toMap(o -> o.option().key(), o -> o));
        for (String suffix : options.withPrefix(PREFIX).keySet()) {
            PoolOption<?> setting = byKey.get(PREFIX + suffix);
            if (setting == null) {
                throw new ValidationException("Table '" + options.table() + "' has unknown option '" + PREFIX + suffix
                        + "'. Supported pool options: " + String.join(", ", byKey.keySet().stream().sorted().toList()));
            }
            setting.applyTo(options, config);
        }
    }

    /** Checked now, while planning: the pool would read the name only when the job opens the sink. */
    private static void setTransactionIsolation(HikariConfig config, String isolation) {
        UtilityElf.getTransactionIsolation(isolation);
        config.setTransactionIsolation(isolation);
    }

    private static PoolOption<Integer> intSetting(String name, String description,
                                                  BiConsumer<HikariConfig, Integer> setter) {
        return new PoolOption<>(ConfigOption.intOption(PREFIX + name).description(description).build(), setter);
    }

    private static PoolOption<Duration> durationSetting(String name, String description,
                                                        BiConsumer<HikariConfig, Long> setter) {
        return new PoolOption<>(ConfigOption.durationOption(PREFIX + name).description(description).build(),
                (config, value) -> setter.accept(config, value.toMillis()));
    }

    private static PoolOption<String> stringSetting(String name, String description,
                                                    BiConsumer<HikariConfig, String> setter) {
        return new PoolOption<>(ConfigOption.stringOption(PREFIX + name).description(description).build(), setter);
    }

    private record PoolOption<T>(ConfigOption<T> option, BiConsumer<HikariConfig, T> setter) {
        void applyTo(TableOptions options, HikariConfig config) {
            T value = options.get(option);
            try {
                setter.accept(config, value);
            } catch (IllegalArgumentException e) {
                throw new ValidationException("Table '" + options.table() + "': invalid value for option '"
                        + option.key() + "' = '" + options.asMap().get(option.key()) + "': " + e.getMessage(), e);
            }
        }
    }
}
