package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandLineTest {

    @Test
    void readsSettingsOptionsAndFlagsOfACommand() {
        CommandLine.ParseResult parsed = new CommandLine(new BenchMain())
                .parseArgs("sink", "changes=1_000_000", "--db", "postgres", "--profile");
        SinkCommand sink = (SinkCommand) parsed.subcommand().commandSpec().userObject();

        assertThat(sink.changelog.changes).isEqualTo(1_000_000);
        assertThat(sink.changelog.keys).as("default").isEqualTo(100_000);
        assertThat(sink.databases.names()).containsExactly("postgres");
        assertThat(sink.profile).isTrue();

        CommandLine.ParseResult pipeline = new CommandLine(new BenchMain()).parseArgs("pipeline", "max-rows=100,5000");
        assertThat(((PipelineCommand) pipeline.subcommand().commandSpec().userObject()).maxRows)
                .isEqualTo(List.of(100, 5000));
    }

    @Test
    void namesTheArgumentItDoesNotKnowOrCannotRead() {
        assertThatThrownBy(() -> new CommandLine(new BenchMain()).parseArgs("sink", "rows=5"))
                .hasMessage("Unmatched argument at index 1: 'rows=5'");
        assertThatThrownBy(() -> new CommandLine(new BenchMain()).parseArgs("sink", "changes=many"))
                .hasMessageContaining("Invalid value for option 'changes'");
    }
}
