package io.sluice.planner.config;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import java.util.Map;
import java.util.TreeMap;

/** The job configuration in force for one statement: the SET values as written, read through typed options. */
public final class PlannerConfig {
    private final Map<String, String> values;

    public PlannerConfig(Map<String, String> values) {
        this.values = new TreeMap<>(values);
    }

    /**
     * The option's value, or its default.
     *
     * @throws ValidationException naming the key and the value when it does not parse
     */
    public <T> T get(ConfigOption<T> option) {
        String text = values.get(option.key());
        return text == null ? option.defaultValue().orElse(null) : option.parse(text);
    }

    /** The values as written plus the defaults the runtime needs, as the plan carries them. */
    public Map<String, String> toJobConfiguration() {
        Map<String, String> configuration = new TreeMap<>(values);
        configuration.putIfAbsent(PlannerOptions.PARALLELISM.key(), String.valueOf(get(PlannerOptions.PARALLELISM)));
        return configuration;
    }

    public Map<String, String> values() {
        return Map.copyOf(values);
    }
}
