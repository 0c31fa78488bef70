package io.sluice.planner.physical;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.catalog.Connectors;
import io.sluice.planner.config.PlannerConfig;
import io.sluice.planner.config.PlannerOptions;
import io.sluice.planner.sql.SqlFrontend;
import io.sluice.runtime.plan.ExecNodes.Distribution;
import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Converts an optimized logical plan into physical stream nodes: scans (with watermark assigners,
 * mini-batch assigners and changelog normalization), calcs, exchanges before keyed operators, and the
 * keyed operators themselves. Scans of the same table and fields are shared, so a statement set reads
 * each source once.
 */
public final class PhysicalPlanner {
    private final SqlFrontend frontend;
    private final Connectors connectors;
    private final PlannerConfig config;
    private final Map<String, PhysicalNode> scans = new HashMap<>();
    private final AggregateConversion aggregates;
    private final RankConversion ranks;

    public PhysicalPlanner(SqlFrontend frontend, Connectors connectors, PlannerConfig config) {
        this.frontend = frontend;
        this.connectors = connectors;
        this.config = config;
        this.aggregates = new AggregateConversion(this, miniBatchEnabled(),
                config.get(PlannerOptions.AGG_PHASE_STRATEGY) != PlannerOptions.AggPhaseStrategy.ONE_PHASE);
        this.ranks = new RankConversion(this);
    }

    RelDataTypeFactory typeFactory() {
        return frontend.cluster().getTypeFactory();
    }

    boolean miniBatchEnabled() {
        return config.get(PlannerOptions.MINI_BATCH_ENABLED);
    }

    public PhysicalNode convert(RelNode rel) {
        if (rel instanceof LogicalCalc calc) {
            return calc(calc);
        }
        if (rel instanceof TableScan scan) {
            return scan(scan, null);
        }
        if (rel instanceof LogicalAggregate aggregate) {
            return aggregates.convert(aggregate);
        }
        if (rel instanceof LogicalJoin join) {
            return JoinConversion.convert(this, join);
        }
        if (rel instanceof LogicalTableFunctionScan function && WindowSpec.isWindowFunction(function)) {
            return windowTableFunction(function);
        }
        if (rel instanceof LogicalCorrelate correlate) {
            return TableFunctionConversion.callsTableFunction(correlate) ? TableFunctionConversion.convert(this, correlate)
                    : LookupJoinConversion.convert(this, connectors, correlate);
        }
        if (rel instanceof LogicalUnion union && union.all) {
            return new PhysicalNodes.Union(union.getInputs().stream().map(this::convert).toList(), union.getRowType());
        }
        if (rel instanceof LogicalWindow window) {
            if (RankConversion.isRowNumber(window)) {
                throw new ValidationException("ROW_NUMBER() OVER (...) is supported only with a filter on its result, "
                        + "such as WHERE rn = 1 (deduplication) or WHERE rn <= N (Top-N)");
            }
            return OverAggregateConversion.convert(this, window);
        }
        throw new ValidationException("Unsupported in a streaming query: " + describe(rel));
    }

    /** A window table function read as a table; a SESSION's rows go to the subtask of their partition key. */
    private PhysicalNode windowTableFunction(LogicalTableFunctionScan function) {
        WindowSpec window = WindowSpec.of(function);
        PhysicalNode input = convert(function.getInput(0));
        if (WindowSpec.isProctime(input, window.timeIndex())) {
            window = window.onProcessingTime();
        } else if (!WindowSpec.isRowtime(input, window.timeIndex())) {
            throw new ValidationException("The window function requires the timecol to be a time attribute: '"
                    + input.fieldNames().get(window.timeIndex()) + "' has no WATERMARK declared on its table and "
                    + "is not PROCTIME()");
        }
        if (window.kind() != WindowKind.SESSION) {
            return new PhysicalNodes.WindowTableFunction(input, window, new int[0], function.getRowType());
        }
        int[] keys = WindowSpec.sessionKeys(function).stream().mapToInt(Integer::intValue).toArray();
        return new PhysicalNodes.WindowTableFunction(exchange(input, keys), window, keys, function.getRowType());
    }

    private static String describe(RelNode rel) {
        String name = rel.getRelTypeName().replace("Logical", "");
        return switch (name) {
            case "Sort" -> "ORDER BY / LIMIT outside of a Top-N (ROW_NUMBER() OVER ... WHERE rn <= N)";
            case "Values" -> "VALUES (use a table with the 'values' connector)";
            default -> name;
        };
    }

    private PhysicalNode calc(LogicalCalc calc) {
        RexProgram program = calc.getProgram();
        List<RexNode> projects = program.getProjectList().stream().map(program::expandLocalRef).toList();
        RexNode condition = program.getCondition() == null ? null : program.expandLocalRef(program.getCondition());
        if (calc.getInput() instanceof LogicalWindow window) {
            return RankConversion.isRowNumber(window) ? ranks.convert(window, projects, condition, calc.getRowType())
                    : calc(OverAggregateConversion.convert(this, window),
                            new CalcRemapping.Remapped(projects, condition), calc.getRowType());
        }
        if (calc.getInput() instanceof TableScan scan) {
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(projects, condition);
            PhysicalNode input = scan(scan, used.toArray());
            return calcOverScan(input, CalcRemapping.remap(projects, condition, scan.getRowType().getFieldNames(),
                    input), calc.getRowType());
        }
        return calc(convert(calc.getInput()), new CalcRemapping.Remapped(projects, condition), calc.getRowType());
    }

    /** A Calc over {@code input}, or {@code input} itself when the Calc would change nothing. */
    PhysicalNode calc(PhysicalNode input, CalcRemapping.Remapped remapped, RelDataType rowType) {
        if (input instanceof PhysicalNodes.Calc below && CalcRemapping.mergeable(remapped, below)) {
            return calc(below.input(), CalcRemapping.through(remapped, below, frontend.cluster().getRexBuilder()),
                    rowType);
        }
        if (CalcRemapping.isIdentity(remapped, input.rowType(), rowType)) {
            return input;
        }
        return new PhysicalNodes.Calc(input, remapped.projects(), remapped.condition(), rowType);
    }

    /**
     * A Calc straight over a table's scan. Over an upsert table's ChangelogNormalize, the fields the Calc
     * uses are normalized alone (the key among them), as Flink does: an update that changes none of them
     * is then no change, and the state holds less.
     */
    private PhysicalNode calcOverScan(PhysicalNode scan, CalcRemapping.Remapped remapped, RelDataType rowType) {
        if (scan instanceof PhysicalNodes.ChangelogNormalize normalize
                && normalize.input() instanceof PhysicalNodes.Exchange exchange) {
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(remapped.projects(), remapped.condition())
                    .union(ImmutableBitSet.of(normalize.keys()));
            if (used.cardinality() < scan.rowType().getFieldCount()) {
                return calcOverNormalized(normalize, exchange, used, remapped, rowType);
            }
        }
        return calc(scan, remapped, rowType);
    }

    private PhysicalNode calcOverNormalized(PhysicalNodes.ChangelogNormalize normalize,
                                            PhysicalNodes.Exchange exchange, ImmutableBitSet used,
                                            CalcRemapping.Remapped remapped, RelDataType rowType) {
        RelDataType inputType = normalize.rowType();
        RelDataTypeFactory.Builder type = typeFactory().builder();
        used.forEach(i -> type.add(inputType.getFieldList().get(i)));
        List<RexNode> fields = used.asList().stream()
                .map(i -> (RexNode) frontend.cluster().getRexBuilder().makeInputRef(inputType, i)).toList();
        PhysicalNode pushed = new PhysicalNodes.Calc(exchange.input(), fields, null, type.build());
        int[] keys = IntStream.of(normalize.keys()).map(used::indexOf).toArray();
        PhysicalNode narrow = new PhysicalNodes.ChangelogNormalize(exchange(pushed, keys), keys);
        Mappings.TargetMapping mapping = Mappings.target(used::indexOf, inputType.getFieldCount(),
                used.cardinality());
        RexPermuteInputsShuttle shuttle = new RexPermuteInputsShuttle(mapping);
        return calc(narrow, new CalcRemapping.Remapped(shuttle.visitList(remapped.projects()),
                remapped.condition() == null ? null : remapped.condition().accept(shuttle)), rowType);
    }

    /** Converts {@code rel} and keeps only its fields {@code used}, read from the source when it is a scan. */
    PhysicalNode convertFields(RelNode rel, ImmutableBitSet used) {
        RelDataTypeFactory.Builder type = rel.getCluster().getTypeFactory().builder();
        used.forEach(i -> type.add(rel.getRowType().getFieldList().get(i)));
        List<RexNode> fields = used.asList().stream()
                .map(i -> (RexNode) rel.getCluster().getRexBuilder().makeInputRef(rel, i)).toList();
        if (rel instanceof TableScan scan) {
            PhysicalNode input = scan(scan, used.toArray());
            return calcOverScan(input, CalcRemapping.remap(fields, null, scan.getRowType().getFieldNames(), input),
                    type.build());
        }
        return calc(convert(rel), new CalcRemapping.Remapped(fields, null), type.build());
    }

    /** Reads {@code fields} of the scanned table (all when null), shared with earlier scans of the same. */
    PhysicalNode scan(TableScan scan, int[] fields) {
        return scan(scan, fields, true);
    }

    /**
     * Reads a versioned table for an event-time temporal join. An upsert source's changes go in as they
     * come, not normalized: the join keeps each change as a version from the change's own time, so a
     * delete ends the key's version when it happened. Normalized, the delete would carry the stored row,
     * and with it the time the version began.
     */
    PhysicalNode versionedScan(TableScan scan) {
        return scan(scan, null, false);
    }

    private PhysicalNode scan(TableScan scan, int[] fields, boolean normalizeUpserts) {
        CatalogEntry.Table table = SqlFrontend.catalogTable(scan.getTable());
        if (table == null) {
            throw new ValidationException("Cannot scan " + scan.getTable().getQualifiedName());
        }
        ScanSource source = source(table);
        ChangelogMode mode = source.getChangelogMode();
        boolean upsert = mode.contains(RowKind.UPDATE_AFTER) && !mode.contains(RowKind.UPDATE_BEFORE);
        boolean prune = fields != null && !upsert && table.schema().watermark().isEmpty()
                && !table.schema().hasComputedColumns();
        int[] read = prune ? fields : IntStream.range(0, table.schema().columnCount()).toArray();
        boolean normalize = upsert && normalizeUpserts;
        String cacheKey = table.identifier() + java.util.Arrays.toString(read) + (upsert && !normalize ? "raw" : "");
        return scans.computeIfAbsent(cacheKey, key -> new ScanConversion(frontend, config).build(table, source,
                read, scan.getRowType(), normalize));
    }

    private ScanSource source(CatalogEntry.Table table) {
        try {
            return connectors.source(table);
        } catch (ValidationException e) {
            throw new TableUseException(table.identifier().table(), e.getMessage(), e);
        }
    }

    /** Hash-distributes {@code input} on {@code keys}, or sends everything to one subtask when there are none. */
    static PhysicalNode exchange(PhysicalNode input, int[] keys) {
        return new PhysicalNodes.Exchange(input, keys.length == 0 ? Distribution.SINGLETON : Distribution.HASH, keys);
    }
}
