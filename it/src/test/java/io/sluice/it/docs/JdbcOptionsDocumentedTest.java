package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.options.ConfigOption;
import io.sluice.jdbc.JdbcOptions;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/jdbc-sink.md's option table names every option the jdbc connector takes, with its default. */
class JdbcOptionsDocumentedTest {

    @Test
    void everyJdbcOptionHasARowInTheTable() throws Exception {
        String page = Files.readString(DocumentationPages.repositoryRoot().resolve("docs/jdbc-sink.md"),
                StandardCharsets.UTF_8);

        OptionTable table = new OptionTable("docs/jdbc-sink.md", page);
        for (ConfigOption<?> option : options()) {
            table.assertDocuments(option);
        }
    }

    private static List<ConfigOption<?>> options() throws IllegalAccessException {
        List<ConfigOption<?>> options = new ArrayList<>(JdbcOptions.poolOptions());
        for (Field field : JdbcOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigOption.class) {
                options.add((ConfigOption<?>) field.get(null));
            }
        }
        assertThat(options).as("options found in JdbcOptions").hasSizeGreaterThan(20);
        return options;
    }
}
