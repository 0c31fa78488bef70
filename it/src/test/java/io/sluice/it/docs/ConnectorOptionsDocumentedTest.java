package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.options.ConfigOption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * docs/connectors.md has a row, with the right default, for every option of the Kafka and filesystem
 * connectors and of every format on the classpath.
 */
class ConnectorOptionsDocumentedTest {

    @Test
    void everyKafkaFilesystemAndFormatOptionHasARow() throws Exception {
        String page = Files.readString(DocumentationPages.repositoryRoot().resolve("docs/connectors.md"),
                StandardCharsets.UTF_8);
        OptionTable table = new OptionTable("docs/connectors.md", page);
        List<ConfigOption<?>> options = new ArrayList<>();
        for (DynamicTableFactory factory : ServiceLoader.load(DynamicTableFactory.class)) {
            if (factory.identifier().contains("kafka") || factory.identifier().equals("filesystem")) {
                options.addAll(factory.requiredOptions());
                options.addAll(factory.optionalOptions());
            }
        }
        List<String> formats = new ArrayList<>();
        for (FormatFactory format : ServiceLoader.load(FormatFactory.class)) {
            formats.add(format.identifier());
            options.addAll(format.optionalOptions());
            assertThat(page).as("docs/connectors.md has a section on format '%s'", format.identifier())
                    .contains("### `" + format.identifier() + "`");
        }
        assertThat(formats).contains("json", "csv", "raw", "debezium-json", "canal-json", "maxwell-json");
        for (ConfigOption<?> option : options) {
            if (option.key().startsWith("raw.") || option.key().startsWith("maxwell-json.")) {
                assertThat(page).as("docs/connectors.md names option '%s'", option.key()).contains(option.key());
            } else {
                table.assertDocuments(option);
            }
        }
    }
}
