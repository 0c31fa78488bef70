package io.sluice.flink;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Sluice's jdbc options as Flink {@link ConfigOption}s, for Flink's factory listings. Values stay
 * strings here: Sluice parses and checks them itself, with the messages its own {@code jdbc}
 * connector gives, so one table definition behaves the same in both engines.
 */
final class FlinkOptions {
    private FlinkOptions() {
    }

    static Set<ConfigOption<?>> describe(Set<io.sluice.api.options.ConfigOption<?>> options) {
        Set<ConfigOption<?>> described = new LinkedHashSet<>();
        for (io.sluice.api.options.ConfigOption<?> option : options) {
            described.add(ConfigOptions.key(option.key()).stringType().noDefaultValue()
                    .withDescription(option.description()));
        }
        return described;
    }
}
