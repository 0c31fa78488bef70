package io.sluice.planner.exec;

import io.sluice.api.connector.TableSink;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.SqlStatementException;
import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.catalog.Connectors;
import io.sluice.planner.changelog.ChangelogInference;
import io.sluice.planner.changelog.InferredPlan;
import io.sluice.planner.config.PlannerConfig;
import io.sluice.planner.config.PlannerOptions;
import io.sluice.planner.optimize.LogicalOptimizer;
import io.sluice.planner.parse.Statement;
import io.sluice.planner.parse.TextPosition;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import io.sluice.planner.physical.PhysicalPlanner;
import io.sluice.planner.physical.PlanExplainer;
import io.sluice.planner.physical.TableUseException;
import io.sluice.planner.sql.SinkAlignment;
import io.sluice.planner.sql.SqlFrontend;
import io.sluice.runtime.plan.ExecPlan;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * Plans queries and INSERTs of one statement: Calcite conversion, rule-based rewriting, physical
 * conversion, changelog inference with sink validation; then EXPLAIN text or an {@link ExecPlan}.
 */
public final class StatementPlanner {
    private final Catalog catalog;
    private final PlannerConfig config;
    private final String statementText;
    private final SqlFrontend frontend;
    private final Connectors connectors;
    private final PhysicalPlanner physicalPlanner;

    public StatementPlanner(Catalog catalog, PlannerConfig config, String statementText, ClassLoader classLoader) {
        this.catalog = catalog;
        this.config = config;
        this.statementText = statementText;
        this.frontend = new SqlFrontend(catalog, config.get(PlannerOptions.LOCAL_TIME_ZONE));
        this.connectors = new Connectors(config.toJobConfiguration(), classLoader);
        this.physicalPlanner = new PhysicalPlanner(frontend, connectors, config);
    }

    /** A physical plan whose changelog is inferred and whose sinks are validated. */
    public record Planned(List<PhysicalNode> roots, InferredPlan inferred) {
    }

    /**
     * @param collect true to collect the query's changes (a SELECT to print: with -U), false for the bare
     *                query as EXPLAIN shows it (without -U where possible)
     */
    public Planned planQuery(Statement.Query query, boolean collect) {
        PhysicalNode node = physicalPlanner.convert(LogicalOptimizer.optimize(frontend.toRel(query.query()).project()));
        return infer(List.of(collect ? new PhysicalNodes.Collect(node) : node));
    }

    public Planned planInserts(List<Statement.Insert> inserts) {
        List<PhysicalNode> sinks = new ArrayList<>();
        for (Statement.Insert insert : inserts) {
            sinks.add(sink(insert));
        }
        return infer(sinks);
    }

    private PhysicalNode sink(Statement.Insert insert) {
        CatalogEntry.Table table = targetTable(insert.target());
        RelNode query = frontend.toRel(insert.query()).project();
        RelNode aligned;
        try {
            aligned = SinkAlignment.align(query, table, insert.columns().stream().map(Statement.NameRef::name).toList());
        } catch (ValidationException e) {
            throw positioned(e, insert.target().offset());
        }
        PhysicalNode input = physicalPlanner.convert(LogicalOptimizer.optimize(aligned));
        TableSink sink;
        try {
            sink = connectors.sink(table);
        } catch (ValidationException e) {
            throw positioned(e, insert.target().offset());
        }
        return new PhysicalNodes.Sink(input, table, sink, insert.onConflict());
    }

    private CatalogEntry.Table targetTable(Statement.NameRef name) {
        CatalogEntry entry = catalog.find(name.name()).orElseThrow(() -> positioned(new ValidationException(
                "Object '" + name.name() + "' not found: no table of that name to insert into"), name.offset()));
        if (entry instanceof CatalogEntry.Table table) {
            // An INSERT writes the physical and non-virtual metadata columns; computed ones exist only when
            // the table is read.
            return new CatalogEntry.Table(table.identifier(), table.schema().persisted(), table.options());
        }
        throw positioned(new ValidationException("'" + name.name() + "' is a view: INSERT needs a table"),
                name.offset());
    }

    private Planned infer(List<PhysicalNode> roots) {
        return new Planned(roots, ChangelogInference.infer(roots, config.get(PlannerOptions.SINK_REQUIRE_ON_CONFLICT)));
    }

    public String explain(Planned planned, boolean changelogMode) {
        return PlanExplainer.explain(planned.roots(), planned.inferred(), changelogMode);
    }

    public ExecPlan toExecPlan(Planned planned) {
        ExecPlanTranslator translator = new ExecPlanTranslator(planned.inferred(), frontend.cluster().getTypeFactory(),
                config.get(PlannerOptions.PARALLELISM), config.get(PlannerOptions.STATE_TTL).toMillis(),
                config.get(PlannerOptions.LOCAL_TIME_ZONE));
        return new ExecPlan(translator.translate(planned.roots()), config.toJobConfiguration());
    }

    /**
     * Runs {@code planning}, turning errors into {@link SqlStatementException}s: a table's errors point at its
     * name in the statement, others at the statement's first word.
     */
    public <T> T positionErrors(java.util.function.Supplier<T> planning) {
        try {
            return planning.get();
        } catch (TableUseException e) {
            TextPosition position = TextPosition.ofIdentifier(statementText, e.table());
            throw new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
        } catch (ValidationException e) {
            throw positioned(e, statementStart());
        }
    }

    /** Where the statement's first word is: an error about the whole statement points there. */
    private int statementStart() {
        int offset = 0;
        while (offset < statementText.length() && Character.isWhitespace(statementText.charAt(offset))) {
            offset++;
        }
        return offset;
    }

    private SqlStatementException positioned(ValidationException e, int offset) {
        TextPosition position = TextPosition.of(statementText, offset);
        return new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
    }
}
