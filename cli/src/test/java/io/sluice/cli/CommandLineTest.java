package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void parsesRunWithRestoreAndSettings() {
        Invocation command = CommandTree.parse(
                new String[] {"run", "job.sql", "--restore", "ckpt", "-D", "parallelism.default=2", "-Da=b"});

        assertThat(command.subcommand()).isEqualTo(Invocation.Subcommand.RUN);
        assertThat(command.file()).isEqualTo("job.sql");
        assertThat(command.restorePath()).isEqualTo("ckpt");
        assertThat(command.configuration()).isEqualTo(Map.of("parallelism.default", "2", "a", "b"));
    }

    @Test
    void fileAndInitAsInFlinksSqlClient() {
        Invocation command = CommandTree.parse(new String[] {"-i", "ddl.sql", "-i", "more.sql", "-f", "q5.sql"});

        assertThat(command.subcommand()).isEqualTo(Invocation.Subcommand.RUN);
        assertThat(command.file()).isEqualTo("q5.sql");
        assertThat(command.initFiles()).containsExactly("ddl.sql", "more.sql");
    }

    @Test
    void theExperimentHasItsOwnOptions() {
        Invocation command = CommandTree.parse(new String[] {"experiment", "flush-boundary", "--db", "postgres",
                "--scenario", "flush-per-row", "--changes", "100"});

        assertThat(command.subcommand()).isEqualTo(Invocation.Subcommand.EXPERIMENT);
        assertThat(command.experiment().changes()).isEqualTo(100);
        assertThat(command.experiment().transactional()).isTrue();
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"experiment", "flush-boundary", "--db", "postgres"}))
                .hasMessage("Missing required option: '--scenario=pair-in-one-flush|flush-per-row'");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"experiment", "flush-boundary", "--db", "oracle",
                "--scenario", "flush-per-row"})).hasMessage("--db must be postgres or mariadb, got 'oracle'");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"experiment", "flush-gate"}))
                .hasMessageContaining("'flush-gate'");
    }

    @Test
    void sessionOptionsMayComeBeforeOrAfterTheCommand() {
        Invocation before = CommandTree.parse(new String[] {"-D", "a=b", "--verbose", "run", "job.sql"});
        Invocation after = CommandTree.parse(new String[] {"run", "job.sql", "-D", "a=b", "--verbose"});

        assertThat(before).isEqualTo(after);
        assertThat(before.configuration()).isEqualTo(Map.of("a", "b"));
        assertThat(before.verbose()).isTrue();
    }

    @Test
    void takesALogLevelInAnyCaseAndRejectsOthersNamingTheChoices() {
        assertThat(CommandTree.parse(new String[] {"run", "x.sql", "--log-level", "debug"}).logLevel()).isEqualTo("DEBUG");
        assertThat(CommandTree.parse(new String[] {"run", "x.sql"}).logLevel()).isNull();
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"run", "x.sql", "--log-level", "loud"}))
                .hasMessage("--log-level 'loud' is none of TRACE, DEBUG, INFO, WARN, ERROR, OFF");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"run", "x.sql", "--log-level"}))
                .hasMessageContaining("Missing required parameter for option '--log-level'");
    }

    @Test
    void noArgumentsOpensTheShell() {
        assertThat(CommandTree.parse(new String[0]).subcommand()).isEqualTo(Invocation.Subcommand.SHELL);
    }

    @Test
    void rejectsWhatItDoesNotKnow() {
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"run"}))
                .hasMessage("Missing required parameter: 'FILE.sql'");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"--frobnicate"}))
                .hasMessageContaining("'--frobnicate'");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"explain", "x.sql", "--restore", "d"}))
                .hasMessageContaining("'--restore'");
        assertThatThrownBy(() -> CommandTree.parse(new String[] {"-i", "ddl.sql"}))
                .hasMessage("-i works with 'run', 'explain' and -f only");
    }

    @Test
    void everyCommandHasItsOwnHelpAndTheTreeListsThemAndTheExitCodes() {
        assertThat(CommandTree.usage()).contains("Usage: sluice", "run", "explain", "experiment", "-f, --file=FILE.sql",
                "-i, --init=INIT.sql", "-D=key=value", "--verbose", "--log-level=LEVEL", "-V, --version", "-h, --help",
                "Exit codes:", "1   a statement failed");
        Invocation runHelp = CommandTree.parse(new String[] {"run", "--help"});
        assertThat(runHelp.subcommand()).isEqualTo(Invocation.Subcommand.HELP);
        assertThat(runHelp.helpText()).contains("Usage: sluice run", "--restore=DIR", "FILE.sql");
        assertThat(CommandTree.parse(new String[] {"help", "explain"}).helpText()).contains("Usage: sluice explain");
        assertThat(CommandTree.parse(new String[] {"experiment", "flush-boundary", "-h"}).helpText())
                .contains("--scenario=pair-in-one-flush|flush-per-row", "--transactional=on|off");
        assertThat(CommandTree.parse(new String[] {"run", "-V"}).subcommand()).isEqualTo(Invocation.Subcommand.VERSION);
    }
}
