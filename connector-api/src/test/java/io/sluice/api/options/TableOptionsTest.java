package io.sluice.api.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.table.ObjectIdentifier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableOptionsTest {
    private static final ConfigOption<String> URL = ConfigOption.stringOption("url")
            .description("the JDBC URL").build();
    private static final ConfigOption<String> PASSWORD = ConfigOption.stringOption("password").secret().build();
    private static final ConfigOption<Integer> MAX_ROWS = ConfigOption.intOption("sink.buffer-flush.max-rows")
            .defaultValue(100).build();
    private static final ConfigOption<Duration> INTERVAL = ConfigOption.durationOption("sink.buffer-flush.interval")
            .build();
    private static final ConfigOption<Long> PIN = ConfigOption.longOption("pin").secret().build();

    enum Mode { ALL, INSERT_ONLY }

    private static final ConfigOption<Mode> MODE = ConfigOption.enumOption("changelog-mode", Mode.class).build();

    private static TableOptions options(Map<String, String> raw) {
        return new TableOptions(ObjectIdentifier.of("t"), raw);
    }

    private static void validate(TableOptions options) {
        options.validate(List.of(URL), List.of(PASSWORD, MAX_ROWS, INTERVAL, PIN, MODE), Set.of("connection.pool."));
    }

    @Test
    void parsesTypedValuesAndDefaults() {
        TableOptions options = options(Map.of("connector", "jdbc", "url", "jdbc:x", "sink.buffer-flush.interval",
                "2 s", "changelog-mode", "insert-only", "connection.pool.size", "3"));
        validate(options);
        assertThat(options.get(URL)).isEqualTo("jdbc:x");
        assertThat(options.get(MAX_ROWS)).isEqualTo(100);
        assertThat(options.get(INTERVAL)).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.get(MODE)).isEqualTo(Mode.INSERT_ONLY);
        assertThat(options.get(PASSWORD)).isNull();
        assertThat(options.withPrefix("connection.pool.")).isEqualTo(Map.of("size", "3"));
    }

    @Test
    void unknownOptionListsTheSupportedOnes() {
        assertThatThrownBy(() -> validate(options(Map.of("connector", "jdbc", "url", "u", "sink.max-rows", "1"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'default_catalog.default_database.t' has unknown option 'sink.max-rows'. "
                        + "Supported options: changelog-mode, connector, password, pin, sink.buffer-flush.interval, "
                        + "sink.buffer-flush.max-rows, url, connection.pool.*");
    }

    @Test
    void missingRequiredOptionIsNamedWithItsDescription() {
        assertThatThrownBy(() -> validate(options(Map.of("connector", "jdbc"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'default_catalog.default_database.t' is missing required option 'url' (the JDBC URL)");
    }

    @Test
    void wrongTypeNamesTableOptionValueAndType() {
        assertThatThrownBy(() -> validate(options(Map.of("url", "u", "sink.buffer-flush.max-rows", "many"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table 'default_catalog.default_database.t': Invalid value for option "
                        + "'sink.buffer-flush.max-rows' = 'many': expected int")
                .hasCauseInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> validate(options(Map.of("url", "u", "sink.buffer-flush.interval", "2 fortnights"))))
                .hasMessageContaining("expected duration (unknown time unit 'fortnights')");
    }

    @Test
    void enumErrorsListTheValuesAsWritten() {
        assertThatThrownBy(() -> validate(options(Map.of("url", "u", "changelog-mode", "upsert"))))
                .hasMessageEndingWith("'changelog-mode' = 'upsert': expected one of [all, insert-only] "
                        + "(unknown value 'upsert')");
    }

    @Test
    void secretValuesAreNeverPrinted() {
        assertThatThrownBy(() -> validate(options(Map.of("url", "u", "pin", "s3cr3t-42"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'default_catalog.default_database.t': Invalid value for option 'pin' = '******': "
                        + "expected long")
                .hasNoCause()
                .satisfies(e -> assertThat(e.toString()).doesNotContain("s3cr3t"));
    }

    @Test
    void unknownSecretLookingKeyShowsOnlyTheKey() {
        assertThatThrownBy(() -> validate(options(Map.of("url", "u", "passwd", "hunter2"))))
                .hasMessageStartingWith("Table 'default_catalog.default_database.t' has unknown option 'passwd'.")
                .message().doesNotContain("hunter2");
    }

    @Test
    void durationsAndMemorySizesTakeUnits() {
        assertThat(ConfigOption.durationOption("d").build().parse("500")).isEqualTo(Duration.ofMillis(500));
        assertThat(ConfigOption.durationOption("d").build().parse("2 min")).isEqualTo(Duration.ofMinutes(2));
        assertThat(ConfigOption.memoryOption("m").build().parse("64 mb")).isEqualTo(64L << 20);
        assertThat(ConfigOption.booleanOption("b").build().parse(" TRUE ")).isTrue();
        assertThatThrownBy(() -> ConfigOption.booleanOption("b").build().parse("yes"))
                .hasMessage("Invalid value for option 'b' = 'yes': expected boolean (not true or false)");
    }
}
