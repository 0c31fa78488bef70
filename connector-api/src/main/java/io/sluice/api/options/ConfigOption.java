package io.sluice.api.options;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A typed option of a table's {@code WITH (...)} clause or of {@code SET}: its key, how its text is
 * parsed, its default and a description for the docs. Immutable; declare options as constants.
 *
 * @param <T> the parsed value's type
 */
public final class ConfigOption<T> {
    private final String key;
    private final String typeName;
    private final Function<String, T> parser;
    private final T defaultValue;
    private final String description;
    private final boolean secret;

    private ConfigOption(String key, String typeName, Function<String, T> parser, T defaultValue,
                         String description, boolean secret) {
        this.key = Objects.requireNonNull(key, "key");
        this.typeName = typeName;
        this.parser = parser;
        this.defaultValue = defaultValue;
        this.description = description;
        this.secret = secret;
    }

    public static Builder<String> stringOption(String key) {
        return new Builder<>(key, "string", text -> text);
    }

    public static Builder<Integer> intOption(String key) {
        return new Builder<>(key, "int", text -> Integer.parseInt(text.trim()));
    }

    public static Builder<Long> longOption(String key) {
        return new Builder<>(key, "long", text -> Long.parseLong(text.trim()));
    }

    public static Builder<Double> doubleOption(String key) {
        return new Builder<>(key, "double", text -> Double.parseDouble(text.trim()));
    }

    public static Builder<Boolean> booleanOption(String key) {
        return new Builder<>(key, "boolean", OptionParsers::parseBoolean);
    }

    /** A duration such as {@code 1 s}, {@code 500ms}, {@code 2 min}; a bare number is milliseconds. */
    public static Builder<Duration> durationOption(String key) {
        return new Builder<>(key, "duration", OptionParsers::parseDuration);
    }

    /** A memory size such as {@code 64 mb}; a bare number is bytes. */
    public static Builder<Long> memoryOption(String key) {
        return new Builder<>(key, "memory size", OptionParsers::parseMemorySize);
    }

    public static <E extends Enum<E>> Builder<E> enumOption(String key, Class<E> type) {
        return new Builder<>(key, "one of " + OptionParsers.enumValues(type),
                text -> OptionParsers.parseEnum(type, text));
    }

    /**
     * An option whose text is parsed by {@code parser}; {@code typeName} appears in error messages.
     * The parser signals a bad value with a {@link RuntimeException} whose message says why.
     */
    public static <T> Builder<T> customOption(String key, String typeName, Function<String, T> parser) {
        return new Builder<>(key, typeName, parser);
    }

    public String key() { return key; }
    public String typeName() { return typeName; }
    public String description() { return description; }
    public boolean isSecret() { return secret; }
    public boolean hasDefault() { return defaultValue != null; }
    public Optional<T> defaultValue() { return Optional.ofNullable(defaultValue); }

    /**
     * Parses {@code text}. The error names the option and, unless it is secret, the value.
     *
     * @throws ValidationException when the text is not a value of this option's type
     */
    public T parse(String text) {
        try {
            return parser.apply(text);
        } catch (RuntimeException e) {
            if (secret) {
                // Neither the message nor the cause may carry a password onwards.
                throw new ValidationException("Invalid value for option '" + key + "' = '******': expected " + typeName);
            }
            throw new ValidationException("Invalid value for option '" + key + "' = '" + text + "': expected "
                    + typeName + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), e);
        }
    }

    /**
     * The same option under another key: for families of options such as {@code fields.#.min}, declared
     * once as a template and used as {@code fields.id.min}.
     */
    public ConfigOption<T> withKey(String newKey) {
        return new ConfigOption<>(newKey, typeName, parser, defaultValue, description, secret);
    }

    @Override
    public String toString() {
        return key;
    }

    /** Builds a {@link ConfigOption}. */
    public static final class Builder<T> {
        private final String key;
        private final String typeName;
        private final Function<String, T> parser;
        private T defaultValue;
        private String description = "";
        private boolean secret;

        private Builder(String key, String typeName, Function<String, T> parser) {
            this.key = key;
            this.typeName = typeName;
            this.parser = parser;
        }

        public Builder<T> defaultValue(T value) {
            this.defaultValue = value;
            return this;
        }

        public Builder<T> description(String text) {
            this.description = text;
            return this;
        }

        /** Values of secret options (passwords) are never printed, not even in errors. */
        public Builder<T> secret() {
            this.secret = true;
            return this;
        }

        public ConfigOption<T> build() {
            return new ConfigOption<>(key, typeName, parser, defaultValue, description, secret);
        }
    }
}
