package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.options.ConfigOption;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A documentation page's table of options (rows {@code | `key` | default | meaning |}), checked against
 * the options' declarations: every option has a row, and the row's default column shows the declared
 * default as a user would write it.
 */
final class OptionTable {
    private final String pageName;
    private final String page;

    OptionTable(String pageName, String page) {
        this.pageName = pageName;
        this.page = page;
    }

    void assertDocuments(ConfigOption<?> option) {
        Optional<String> row = row(option);
        assertThat(row).as("%s documents option '%s'", pageName, option.key()).isPresent();
        assertDefault(option, row.get());
    }

    /** Where the page has a row for {@code option}, its default agrees with the declaration. */
    void assertAgreesWhereDocumented(ConfigOption<?> option) {
        row(option).ifPresent(row -> assertDefault(option, row));
    }

    private Optional<String> row(ConfigOption<?> option) {
        return page.lines().filter(line -> line.startsWith("| `" + option.key() + "` |")).findFirst();
    }

    private void assertDefault(ConfigOption<?> option, String row) {
        String defaultColumn = row.split("\\|")[2];
        option.defaultValue().ifPresent(value -> assertThat(defaultColumn)
                .as("%s: the default of '%s'", pageName, option.key())
                .containsAnyOf(written(value).stream().map(text -> "`" + text + "`").toArray(String[]::new)));
    }

    /** The ways a user may write {@code value} in an option: durations in any whole unit, enums as named. */
    private static List<String> written(Object value) {
        if (value instanceof Duration duration) {
            long millis = duration.toMillis();
            List<String> forms = new ArrayList<>(List.of(millis + " ms"));
            if (millis % 1000 == 0) {
                forms.add(millis / 1000 + " s");
            }
            if (millis % 60_000 == 0) {
                forms.add(millis / 60_000 + " min");
            }
            return forms;
        }
        if (value instanceof ZoneOffset offset && offset.getTotalSeconds() == 0) {
            return List.of("UTC", "Z");
        }
        if (value instanceof Enum<?> constant) {
            return List.of(constant.name(), constant.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return List.of(String.valueOf(value));
    }
}
