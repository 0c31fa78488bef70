package io.sluice.planner;

import io.sluice.runtime.JobObserver;
import java.util.Map;

/**
 * The entry point for running SQL: keeps the catalog of tables and views and the {@code SET}
 * configuration, and executes one statement at a time.
 */
public final class TableEnvironment {
    private final Map<String, String> initialConfiguration;
    private JobObserver observer = JobObserver.NONE;

    private TableEnvironment(Map<String, String> configuration) {
        this.initialConfiguration = Map.copyOf(configuration);
    }

    /** A new environment with {@code configuration} as its initial {@code SET} values. */
    public static TableEnvironment create(Map<String, String> configuration) {
        return new TableEnvironment(configuration);
    }

    /** Receives progress of the jobs that INSERT statements start. */
    public void setJobObserver(JobObserver jobObserver) {
        this.observer = jobObserver;
    }

    /**
     * Executes one statement (without its trailing {@code ;}).
     *
     * @throws SqlStatementException with the position in {@code statement} when it cannot be run
     */
    public TableResult executeSql(String statement) {
        throw new SqlStatementException("Statement not supported yet", 1, 1, null);
    }
}
