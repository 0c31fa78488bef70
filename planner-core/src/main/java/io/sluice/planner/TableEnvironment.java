package io.sluice.planner;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.config.PlannerConfig;
import io.sluice.planner.config.PlannerOptions;
import io.sluice.planner.config.SessionOptions;
import io.sluice.planner.ddl.CatalogStatements;
import io.sluice.planner.exec.PlanFile;
import io.sluice.planner.exec.StatementPlanner;
import io.sluice.planner.parse.Statement;
import io.sluice.planner.parse.StatementParser;
import io.sluice.planner.parse.StatementSyntaxException;
import io.sluice.planner.parse.TextPosition;
import io.sluice.planner.result.JobResult;
import io.sluice.planner.result.TextResult;
import io.sluice.planner.sql.SqlFrontend;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.execution.ExecutionOptions;
import io.sluice.runtime.plan.ExecPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The entry point for running SQL: keeps the catalog of tables and views and the {@code SET}
 * configuration, and executes one statement at a time.
 */
public final class TableEnvironment {
    private static final Logger LOG = LoggerFactory.getLogger(TableEnvironment.class);
    private static final String RECOVERY_PATH = ExecutionOptions.RESTORE_PATH.key();

    private final Map<String, String> initialConfiguration;
    private final Map<String, String> configuration;
    private final Catalog catalog = new Catalog();
    private final SessionJars jars = new SessionJars(defaultClassLoader());
    private JobObserver observer = JobObserver.NONE;

    private TableEnvironment(Map<String, String> configuration) {
        this.initialConfiguration = new TreeMap<>(configuration);
        this.configuration = new TreeMap<>(configuration);
    }

    /** A new environment with {@code configuration} as its initial {@code SET} values. */
    /**
     * A session with {@code configuration} (such as a command line's {@code -D key=value}).
     *
     * @throws ValidationException naming an unknown key or a value that does not parse
     */
    public static TableEnvironment create(Map<String, String> configuration) {
        configuration.forEach(SessionOptions::check);
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
        Statement parsed;
        try {
            parsed = StatementParser.parse(statement);
        } catch (StatementSyntaxException e) {
            TextPosition position = TextPosition.of(statement, e.offset());
            throw new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
        }
        return execute(parsed, statement);
    }

    /**
     * Runs {@code statement} with the session's class loader as the thread's context class loader, which
     * loads functions and connectors, compiles generated code, and is passed on to the job's threads.
     */
    private TableResult execute(Statement statement, String text) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(jars.loader());
        try {
            return executeWithSessionClasses(statement, text);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static ClassLoader defaultClassLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : TableEnvironment.class.getClassLoader();
    }

    private TableResult executeWithSessionClasses(Statement statement, String text) {
        CatalogStatements catalogStatements = new CatalogStatements(catalog, text);
        if (statement instanceof Statement.CreateTable create) {
            catalogStatements.createTable(create, frontend());
        } else if (statement instanceof Statement.CreateView create) {
            catalogStatements.createView(create, frontend());
        } else if (statement instanceof Statement.Drop drop) {
            catalogStatements.drop(drop);
        } else if (statement instanceof Statement.CreateFunction create) {
            catalogStatements.createFunction(create, Thread.currentThread().getContextClassLoader());
        } else if (statement instanceof Statement.DropFunction drop) {
            catalogStatements.dropFunction(drop);
        } else if (statement instanceof Statement.ShowFunctions show) {
            return new TextResult(catalogStatements.showFunctions(show.userOnly()));
        } else if (statement instanceof Statement.AddJar add) {
            addJar(add, text);
        } else if (statement instanceof Statement.ShowJars) {
            return new TextResult(jars.list());
        } else if (statement instanceof Statement.ShowCreate show) {
            return new TextResult(catalogStatements.showCreate(show));
        } else if (statement instanceof Statement.ShowTables) {
            return new TextResult(catalogStatements.showTables());
        } else if (statement instanceof Statement.Describe describe) {
            return new TextResult(catalogStatements.describe(describe, frontend()));
        } else if (statement instanceof Statement.SetOption set) {
            return set(set, text);
        } else if (statement instanceof Statement.Reset reset) {
            reset(reset);
        } else {
            return plan(statement, text);
        }
        return TextResult.empty();
    }

    private void addJar(Statement.AddJar add, String text) {
        try {
            jars.add(add.path());
        } catch (ValidationException e) {
            TextPosition position = TextPosition.of(text, add.pathOffset());
            throw new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
        }
    }

    private SqlFrontend frontend() {
        return new SqlFrontend(catalog, new PlannerConfig(configuration).get(PlannerOptions.LOCAL_TIME_ZONE));
    }

    private TableResult plan(Statement statement, String text) {
        Map<String, String> jobConfiguration = jobConfiguration(statement);
        StatementPlanner planner = new StatementPlanner(catalog, new PlannerConfig(jobConfiguration), text,
                Thread.currentThread().getContextClassLoader());
        return planner.positionErrors(() -> {
            if (statement instanceof Statement.ExecutePlan execute) {
                return JobResult.started(PlanFile.read(Path.of(execute.path()), jobConfiguration), observer);
            }
            if (statement instanceof Statement.CompilePlan compile) {
                return compilePlan(compile, planner, jobConfiguration);
            }
            if (statement instanceof Statement.Explain explain) {
                StatementPlanner.Planned planned = planned(planner, explain.explained(), false);
                return new TextResult(Arrays.asList(planner.explain(planned, explain.changelogMode()).split("\n")));
            }
            StatementPlanner.Planned planned = planned(planner, statement, true);
            return statement instanceof Statement.Query
                    ? JobResult.collecting(planner.toExecPlan(planned), observer)
                    : JobResult.started(planner.toExecPlan(planned), observer);
        });
    }

    /**
     * Writes the plan of the compiled INSERT or statement set; with AND EXECUTE, runs it, or runs the plan
     * file as it is when it exists already (as Flink does).
     */
    private TableResult compilePlan(Statement.CompilePlan compile, StatementPlanner planner,
                                    Map<String, String> jobConfiguration) {
        Path path = Path.of(compile.path());
        if (compile.execute() && Files.exists(path)) {
            LOG.info("Plan file {} exists: running it as it is", path);
            return JobResult.started(PlanFile.read(path, jobConfiguration), observer);
        }
        ExecPlan plan = planner.toExecPlan(planned(planner, compile.compiled(), true));
        PlanFile.write(plan, path, new PlannerConfig(jobConfiguration).get(PlannerOptions.FORCE_RECOMPILE));
        LOG.info("Plan written to {}", path);
        return compile.execute() ? JobResult.started(plan, observer) : TextResult.empty();
    }

    /**
     * The configuration a statement's job runs with. A restore path ({@code execution.state-recovery.path})
     * belongs to the script's first INSERT or statement set only: it is used up by that job, and a SELECT
     * (which reads back what a job wrote) never restores.
     */
    private Map<String, String> jobConfiguration(Statement statement) {
        Map<String, String> jobConfiguration = new TreeMap<>(configuration);
        if (statement instanceof Statement.Query) {
            jobConfiguration.remove(RECOVERY_PATH);
        } else if (statement instanceof Statement.Insert || statement instanceof Statement.StatementSet
                || statement instanceof Statement.CompilePlan compile && compile.execute()
                || statement instanceof Statement.ExecutePlan) {
            configuration.remove(RECOVERY_PATH);
            initialConfiguration.remove(RECOVERY_PATH);
        }
        return jobConfiguration;
    }

    private static StatementPlanner.Planned planned(StatementPlanner planner, Statement statement, boolean collect) {
        if (statement instanceof Statement.Query query) {
            return planner.planQuery(query, collect);
        }
        if (statement instanceof Statement.Insert insert) {
            return planner.planInserts(List.of(insert));
        }
        if (statement instanceof Statement.StatementSet set) {
            return planner.planInserts(set.inserts());
        }
        throw new ValidationException("EXPLAIN cannot explain " + statement.getClass().getSimpleName());
    }

    private TableResult set(Statement.SetOption set, String text) {
        if (set.key() == null) {
            return new TextResult(configuration.entrySet().stream()
                    .map(e -> "'" + e.getKey() + "' = '" + e.getValue() + "'").toList());
        }
        int offset = set.keyOffset();
        try {
            ConfigOption<?> option = SessionOptions.require(set.key());
            offset = set.valueOffset();
            option.parse(set.value());
        } catch (ValidationException e) {
            TextPosition position = TextPosition.of(text, offset);
            throw new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
        }
        configuration.put(set.key(), set.value());
        return TextResult.empty();
    }

    private void reset(Statement.Reset reset) {
        if (reset.key() == null) {
            configuration.clear();
            configuration.putAll(initialConfiguration);
        } else if (initialConfiguration.containsKey(reset.key())) {
            configuration.put(reset.key(), initialConfiguration.get(reset.key()));
        } else {
            configuration.remove(reset.key());
        }
    }
}
