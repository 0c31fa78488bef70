package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownSamplesTest {

    @Test
    void findsCommandsInFencedAndIndentedBlocksAndSqlScripts() {
        List<DocSample> samples = MarkdownSamples.parse("page.md", """
                Run it:

                    ./sluice run examples/a.sql    # the main example
                    mvn -B verify

                ```bash
                $ SLUICE_PG_URL='jdbc:postgresql://h/db?user=u' ./sluice explain examples/a.sql
                echo not a sluice command
                ```

                ```sql
                SELECT 1;
                ```
                """);

        assertThat(samples).extracting(DocSample::source, DocSample::kind, DocSample::text).containsExactly(
                tuple("page.md:3", DocSample.Kind.COMMAND,
                        "./sluice run examples/a.sql    # the main example"),
                tuple("page.md:7", DocSample.Kind.COMMAND,
                        "SLUICE_PG_URL='jdbc:postgresql://h/db?user=u' ./sluice explain examples/a.sql"),
                tuple("page.md:11", DocSample.Kind.SCRIPT, "SELECT 1;"));
        assertThat(samples).allMatch(DocSample::runs);
    }

    @Test
    void aNoRunMarkerCoversTheNextBlockOnly() {
        List<DocSample> samples = MarkdownSamples.parse("page.md", """
                <!-- no-run: runs until Ctrl-C -->
                ```
                ./sluice run examples/stream.sql
                ```
                ```
                ./sluice --help
                ```
                """);

        assertThat(samples).extracting(DocSample::noRunReason).containsExactly("runs until Ctrl-C", null);
    }

    @Test
    void aStdoutBlockBelongsToTheLastSampleAboveIt() {
        List<DocSample> samples = MarkdownSamples.parse("page.md", """
                ```
                ./sluice run examples/a.sql
                ```

                ```stdout
                +I[a, 1]
                ```
                """);

        assertThat(samples).singleElement().extracting(DocSample::expectedStdout).isEqualTo("+I[a, 1]");
    }

    @Test
    void markersWithoutReasonAndStrayStdoutBlocksAreErrors() {
        assertThatThrownBy(() -> MarkdownSamples.parse("page.md", "<!-- no-run: -->\n```\n./sluice\n```\n"))
                .hasMessageContaining("page.md:1").hasMessageContaining("needs a reason");
        assertThatThrownBy(() -> MarkdownSamples.parse("page.md", "text\n\n```stdout\n+I[a]\n```\n"))
                .hasMessageContaining("page.md:3").hasMessageContaining("must follow");
    }

    @Test
    void commandLinesSplitLikeAShell() {
        CommandLineWords words = CommandLineWords.parse(
                "SLUICE_PG_URL='jdbc:postgresql://h/db?user=u&password=' ./sluice run -D \"a b=c\" x.sql # note");

        assertThat(words.environment()).isEqualTo(Map.of("SLUICE_PG_URL", "jdbc:postgresql://h/db?user=u&password="));
        assertThat(words.arguments()).containsExactly("run", "-D", "a b=c", "x.sql");
    }
}
