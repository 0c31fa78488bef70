package io.sluice.runtime.execution;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The job configuration keys the runtime reads, with Flink's names, defaults and checks. */
public final class ExecutionOptions {
    public static final ConfigOption<Integer> PARALLELISM = ConfigOption.intOption("parallelism.default")
            .defaultValue(1).description("Number of parallel subtasks of every operator.").build();
    public static final ConfigOption<String> PIPELINE_NAME = ConfigOption.stringOption("pipeline.name")
            .description("Job name; also names the job's checkpoint directory.").build();
    public static final ConfigOption<Duration> WATERMARK_INTERVAL =
            ConfigOption.durationOption("pipeline.auto-watermark-interval").defaultValue(Duration.ofMillis(200))
                    .description("How often watermark assigners emit the watermark.").build();
    public static final ConfigOption<Duration> SOURCE_IDLE_TIMEOUT =
            ConfigOption.durationOption("table.exec.source.idle-timeout").defaultValue(Duration.ZERO)
                    .description("How long a split of a source (a Kafka partition) may send no row before it stops "
                            + "holding back the watermark; 0 means never.").build();
    public static final ConfigOption<Duration> CHECKPOINT_INTERVAL =
            ConfigOption.durationOption("execution.checkpointing.interval")
                    .description("Interval of aligned checkpoints; checkpointing is off when unset.").build();
    public static final ConfigOption<String> CHECKPOINT_DIR = ConfigOption.stringOption("execution.checkpointing.dir")
            .description("Directory under which each job keeps its checkpoints (<dir>/<job id>/chk-N).").build();
    public static final ConfigOption<String> RESTORE_PATH = ConfigOption.stringOption("execution.state-recovery.path")
            .description("A checkpoint (chk-N) or a job's checkpoint directory to resume from.").build();
    public static final ConfigOption<Integer> RESTART_ATTEMPTS =
            ConfigOption.intOption("restart-strategy.fixed-delay.attempts").defaultValue(0)
                    .description("How often a failed job restarts from its last checkpoint.").build();
    public static final ConfigOption<Duration> RESTART_DELAY =
            ConfigOption.durationOption("restart-strategy.fixed-delay.delay").defaultValue(Duration.ofSeconds(1))
                    .description("Pause before a restart.").build();
    public static final ConfigOption<Integer> METRICS_PROMETHEUS_PORT = ConfigOption.intOption("metrics.prometheus.port")
            .description("Serve every job's metrics in Prometheus' text format at http://host:PORT/metrics "
                    + "(0: any free port, logged); not served when unset. JMX has them in any case.").build();

    /** Every option above, for validation and the docs. */
    public static final List<ConfigOption<?>> ALL = List.of(PARALLELISM, PIPELINE_NAME, WATERMARK_INTERVAL,
            SOURCE_IDLE_TIMEOUT, CHECKPOINT_INTERVAL, CHECKPOINT_DIR, RESTORE_PATH, RESTART_ATTEMPTS, RESTART_DELAY,
            METRICS_PROMETHEUS_PORT);

    private final Map<String, String> configuration;

    public ExecutionOptions(Map<String, String> configuration) {
        this.configuration = configuration;
    }

    public <T> T get(ConfigOption<T> option) {
        String text = configuration.get(option.key());
        return text == null ? option.defaultValue().orElse(null) : option.parse(text);
    }

    public int parallelism() {
        int parallelism = get(PARALLELISM);
        if (parallelism < 1) {
            throw new ValidationException("Option '" + PARALLELISM.key() + "' = '" + parallelism
                    + "' must be at least 1");
        }
        return parallelism;
    }

    /** The checkpoint interval in milliseconds, or 0 when checkpointing is off. */
    public long checkpointIntervalMillis() {
        Duration interval = get(CHECKPOINT_INTERVAL);
        return interval == null ? 0 : Math.max(1, interval.toMillis());
    }

    /** Where checkpoints of all jobs go unless configured: a temp directory, whatever the working directory. */
    public Path checkpointRoot() {
        String dir = get(CHECKPOINT_DIR);
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("java.io.tmpdir"), "sluice-checkpoints");
    }

    public int restartAttempts() {
        return Math.max(0, get(RESTART_ATTEMPTS));
    }

    public Map<String, String> asMap() {
        return configuration;
    }
}
