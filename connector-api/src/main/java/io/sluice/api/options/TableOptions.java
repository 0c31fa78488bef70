package io.sluice.api.options;

import io.sluice.api.table.ObjectIdentifier;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@code WITH (...)} options of one table, checked against the options a connector declares.
 * Every error names the table and the option; values of secret options never appear.
 */
public final class TableOptions {
    private final ObjectIdentifier table;
    private final Map<String, String> raw;

    /** Registers the secrets among {@code raw} (see {@link Secrets}) so that no message shows them. */
    public TableOptions(ObjectIdentifier table, Map<String, String> raw) {
        this.table = table;
        this.raw = Map.copyOf(raw);
        this.raw.forEach(Secrets::registerOption);
    }

    public ObjectIdentifier table() {
        return table;
    }

    /** The options as written, including {@code connector}. */
    public Map<String, String> asMap() {
        return raw;
    }

    /**
     * Checks that every required option is present, every given key is declared (keys under one of
     * {@code prefixes}, such as {@code connection.pool.}, are allowed as a group), and every value parses.
     *
     * @throws ValidationException naming the table and the first option at fault
     */
    public void validate(Collection<ConfigOption<?>> required, Collection<ConfigOption<?>> optional,
                         Collection<String> prefixes) {
        Set<String> known = new TreeSet<>();
        known.add("connector");
        for (ConfigOption<?> option : required) {
            known.add(option.key());
            if (!raw.containsKey(option.key())) {
                throw new ValidationException("Table '" + table + "' is missing required option '" + option.key()
                        + "'" + (option.description().isEmpty() ? "" : " (" + option.description() + ")"));
            }
        }
        optional.forEach(option -> known.add(option.key()));
        for (String key : new TreeMap<>(raw).keySet()) {
            if (!known.contains(key) && prefixes.stream().noneMatch(key::startsWith)) {
                throw new ValidationException("Table '" + table + "' has unknown option '" + key
                        + "'. Supported options: " + String.join(", ", known)
                        + (prefixes.isEmpty() ? "" : ", " + String.join("*, ", prefixes) + "*"));
            }
        }
        for (ConfigOption<?> option : required) {
            get(option);
        }
        for (ConfigOption<?> option : optional) {
            get(option);
        }
    }

    /**
     * The parsed value of {@code option}, or its default; null when absent without a default.
     *
     * @throws ValidationException naming the table when the value does not parse
     */
    public <T> T get(ConfigOption<T> option) {
        String text = raw.get(option.key());
        if (text == null) {
            return option.defaultValue().orElse(null);
        }
        try {
            return option.parse(text);
        } catch (ValidationException e) {
            throw new ValidationException("Table '" + table + "': " + e.getMessage(), e.getCause());
        }
    }

    public boolean contains(ConfigOption<?> option) {
        return raw.containsKey(option.key());
    }

    /** The options whose keys start with {@code prefix}, with the prefix removed. */
    public Map<String, String> withPrefix(String prefix) {
        Map<String, String> result = new TreeMap<>();
        raw.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                result.put(key.substring(prefix.length()), value);
            }
        });
        return result;
    }
}
