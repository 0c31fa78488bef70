package io.sluice.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * In-process Flink (a MiniCluster per job) as the tests run it: parallelism 2, a checkpoint every
 * 100 ms, and up to 3 restarts from the latest checkpoint when a task fails.
 */
final class FlinkJobs {
    static final int PARALLELISM = 2;

    private FlinkJobs() {
    }

    static TableEnvironment tableEnvironment() {
        return TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode()
                .withConfiguration(configuration()).build());
    }

    static StreamExecutionEnvironment streamEnvironment() {
        return StreamExecutionEnvironment.getExecutionEnvironment(configuration());
    }

    static StreamTableEnvironment streamTableEnvironment(StreamExecutionEnvironment streams) {
        return StreamTableEnvironment.create(streams, EnvironmentSettings.newInstance().inStreamingMode()
                .withConfiguration(configuration()).build());
    }

    private static Configuration configuration() {
        Configuration configuration = new Configuration();
        configuration.setString("parallelism.default", String.valueOf(PARALLELISM));
        configuration.setString("execution.checkpointing.interval", "100 ms");
        configuration.setString("restart-strategy.type", "fixed-delay");
        configuration.setString("restart-strategy.fixed-delay.attempts", "3");
        configuration.setString("restart-strategy.fixed-delay.delay", "100 ms");
        return configuration;
    }
}
