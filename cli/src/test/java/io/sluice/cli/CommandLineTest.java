package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void parsesRunWithRestoreAndSettings() {
        CommandLine command = CommandLine.parse(
                new String[] {"run", "job.sql", "--restore", "ckpt", "-D", "parallelism.default=2", "-Da=b"});

        assertThat(command.subcommand()).isEqualTo(CommandLine.Subcommand.RUN);
        assertThat(command.file()).isEqualTo("job.sql");
        assertThat(command.restorePath()).isEqualTo("ckpt");
        assertThat(command.configuration()).isEqualTo(Map.of("parallelism.default", "2", "a", "b"));
    }

    @Test
    void theExperimentTakesEveryArgumentAfterIt() {
        CommandLine command = CommandLine.parse(new String[] {"experiment", "flush-boundary", "--db", "postgres",
                "--scenario", "flush-per-row", "--changes", "100"});

        assertThat(command.subcommand()).isEqualTo(CommandLine.Subcommand.EXPERIMENT);
        assertThat(command.experiment().changes()).isEqualTo(100);
        assertThat(command.experiment().transactional()).isTrue();
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"experiment", "flush-boundary", "--verbose"}))
                .hasMessageContaining("'--verbose'");
    }

    @Test
    void optionsMayComeBeforeTheCommand() {
        CommandLine command = CommandLine.parse(new String[] {"-D", "a=b", "--verbose", "run", "job.sql"});

        assertThat(command.subcommand()).isEqualTo(CommandLine.Subcommand.RUN);
        assertThat(command.configuration()).isEqualTo(Map.of("a", "b"));
        assertThat(command.verbose()).isTrue();
    }

    @Test
    void takesALogLevelInAnyCaseAndRejectsOthersNamingTheChoices() {
        assertThat(CommandLine.parse(new String[] {"run", "x.sql", "--log-level", "debug"}).logLevel()).isEqualTo("DEBUG");
        assertThat(CommandLine.parse(new String[] {"run", "x.sql"}).logLevel()).isNull();
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"run", "x.sql", "--log-level", "loud"}))
                .hasMessage("--log-level 'loud' is none of TRACE, DEBUG, INFO, WARN, ERROR, OFF");
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"run", "x.sql", "--log-level"}))
                .hasMessage("--log-level needs one of TRACE, DEBUG, INFO, WARN, ERROR, OFF");
    }

    @Test
    void noArgumentsOpensTheShell() {
        assertThat(CommandLine.parse(new String[0]).subcommand()).isEqualTo(CommandLine.Subcommand.SHELL);
    }

    @Test
    void rejectsWhatItDoesNotKnow() {
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"run"})).hasMessageContaining("needs a FILE.sql");
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"--frobnicate"}))
                .hasMessageContaining("'--frobnicate'");
        assertThatThrownBy(() -> CommandLine.parse(new String[] {"explain", "x.sql", "--restore", "d"}))
                .hasMessageContaining("--restore");
    }

    @Test
    void helpListsEverySubcommandAndOption() {
        assertThat(CommandLine.USAGE).contains("run FILE.sql", "explain FILE.sql", "--restore", "-D key=value",
                "--verbose", "--log-level LEVEL", "--version", "--help", "experiment flush-boundary --db postgres|mariadb --scenario pair-in-one-flush|flush-per-row",
                "[--transactional on|off] [--url JDBC_URL] [--changes N]");
    }
}
