package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.options.ConfigOption;
import io.sluice.planner.config.SessionOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** docs/sql.md's table of {@code SET} options has every option a session takes, with its default. */
class SessionOptionsDocumentedTest {

    @Test
    void everySessionOptionHasARowWithItsDefault() throws Exception {
        String page = Files.readString(DocumentationPages.repositoryRoot().resolve("docs/sql.md"), StandardCharsets.UTF_8);
        OptionTable table = new OptionTable("docs/sql.md", page);

        assertThat(SessionOptions.all()).hasSizeGreaterThan(10);
        for (ConfigOption<?> option : SessionOptions.all()) {
            table.assertDocuments(option);
        }
    }

    @Test
    void theOperationsGuideAgreesOnTheDefaultsItShows() throws Exception {
        String page = Files.readString(DocumentationPages.repositoryRoot().resolve("docs/operations.md"),
                StandardCharsets.UTF_8);
        OptionTable table = new OptionTable("docs/operations.md", page);

        for (ConfigOption<?> option : SessionOptions.all()) {
            table.assertAgreesWhereDocumented(option);
        }
    }
}
