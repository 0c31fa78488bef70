package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DefaultOptionsTest {

    @Test
    void readsTheOptionsOfTheConfigurationDirectory(@TempDir Path conf) throws Exception {
        Files.writeString(conf.resolve("sluice.properties"), """
                # comments and blank lines are skipped

                parallelism.default = 2
                execution.checkpointing.interval: 10 s
                """);

        assertThat(DefaultOptions.load(conf.toString())).containsExactly(
                java.util.Map.entry("execution.checkpointing.interval", "10 s"),
                java.util.Map.entry("parallelism.default", "2"));
    }

    @Test
    void noDirectoryOrNoFileMeansNoDefaults(@TempDir Path conf) {
        assertThat(DefaultOptions.load(null)).isEmpty();
        assertThat(DefaultOptions.load(conf.toString())).isEmpty();
    }

    @Test
    void anUnreadableFileFailsNamingIt(@TempDir Path conf) throws Exception {
        Files.writeString(conf.resolve("sluice.properties"), "broken = \\u12");

        assertThatThrownBy(() -> DefaultOptions.load(conf.toString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot read the default options in " + conf.resolve("sluice.properties"));
    }
}
