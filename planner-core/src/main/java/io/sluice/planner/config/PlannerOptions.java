package io.sluice.planner.config;

import io.sluice.api.options.ConfigOption;
import io.sluice.runtime.execution.ExecutionOptions;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/** The {@code SET} options the planner reads, with Flink's keys and defaults. */
public final class PlannerOptions {
    private PlannerOptions() {
    }

    /** How group aggregation may be split into a local and a global phase. */
    public enum AggPhaseStrategy { AUTO, ONE_PHASE, TWO_PHASE }

    /** Declared with the runtime, which reads it too. */
    public static final ConfigOption<Integer> PARALLELISM = ExecutionOptions.PARALLELISM;

    public static final ConfigOption<Boolean> MINI_BATCH_ENABLED =
            ConfigOption.booleanOption("table.exec.mini-batch.enabled").defaultValue(false)
                    .description("Bundle rows per key before updating aggregate state.").build();

    public static final ConfigOption<Duration> MINI_BATCH_ALLOW_LATENCY =
            ConfigOption.durationOption("table.exec.mini-batch.allow-latency").defaultValue(Duration.ZERO)
                    .description("A bundle ends after this time at the latest; required with mini-batch.").build();

    public static final ConfigOption<Long> MINI_BATCH_SIZE = ConfigOption.longOption("table.exec.mini-batch.size")
            .defaultValue(-1L).description("A bundle ends after this many rows; required with mini-batch.").build();

    public static final ConfigOption<AggPhaseStrategy> AGG_PHASE_STRATEGY =
            ConfigOption.enumOption("table.optimizer.agg-phase-strategy", AggPhaseStrategy.class)
                    .defaultValue(AggPhaseStrategy.AUTO)
                    .description("AUTO and TWO_PHASE split mergeable aggregations into local and global phases "
                            + "when mini-batch is on; ONE_PHASE never does.").build();

    public static final ConfigOption<Boolean> SINK_REQUIRE_ON_CONFLICT =
            ConfigOption.booleanOption("table.exec.sink.require-on-conflict").defaultValue(true)
                    .description("Fail an INSERT whose upsert key differs from the sink's primary key unless it "
                            + "has an ON CONFLICT clause; false materializes with DEDUPLICATE.").build();

    public static final ConfigOption<Duration> STATE_TTL = ConfigOption.durationOption("table.exec.state.ttl")
            .defaultValue(Duration.ZERO).description("Keyed state idle for longer is dropped; 0 keeps it.").build();

    public static final ConfigOption<ZoneId> LOCAL_TIME_ZONE = ConfigOption.customOption("table.local-time-zone",
                    "a time zone ID such as UTC, Europe/Berlin or +08:00", ZoneId::of).defaultValue(ZoneOffset.UTC)
            .description("The session time zone: CURRENT_TIMESTAMP, CURRENT_DATE and conversions between TIMESTAMP "
                    + "and TIMESTAMP_LTZ use it, in generated code and in constant folding alike.").build();

    public static final ConfigOption<Boolean> FORCE_RECOMPILE = ConfigOption.booleanOption("table.plan.force-recompile")
            .defaultValue(false)
            .description("COMPILE PLAN overwrites a plan file that exists; false fails instead.").build();

    /** Every option the planner declares (parallelism is the runtime's), for validation and the docs. */
    public static final List<ConfigOption<?>> ALL = List.of(MINI_BATCH_ENABLED, MINI_BATCH_ALLOW_LATENCY,
            MINI_BATCH_SIZE, AGG_PHASE_STRATEGY, SINK_REQUIRE_ON_CONFLICT, STATE_TTL, LOCAL_TIME_ZONE, FORCE_RECOMPILE);
}
