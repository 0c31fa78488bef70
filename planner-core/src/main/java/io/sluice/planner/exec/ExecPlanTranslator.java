package io.sluice.planner.exec;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.changelog.InferredPlan;
import io.sluice.planner.changelog.SinkDecision;
import io.sluice.planner.codegen.CalcCodeGenerator;
import io.sluice.planner.codegen.CorrelateCodeGenerator;
import io.sluice.planner.codegen.JoinConditionGenerator;
import io.sluice.planner.physical.AggSpec;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import io.sluice.planner.physical.WindowSpec;
import io.sluice.planner.types.LogicalTypes;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.Distribution;
import io.sluice.runtime.plan.GeneratedClass;
import io.sluice.runtime.plan.RowType;
import java.time.ZoneId;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * Translates an inferred physical plan into the runtime's exec nodes: generates the code of calcs, watermark
 * expressions and join conditions, picks retracting aggregate functions where the input retracts, and adds
 * what EXPLAIN does not show: a hash exchange on the sink's primary key (parallelism > 1) and the
 * SinkUpsertMaterializer. Shared physical nodes become shared exec nodes.
 */
public final class ExecPlanTranslator {
    private final InferredPlan plan;
    private final RelDataTypeFactory typeFactory;
    private final int parallelism;
    private final long stateTtlMillis;
    private final ZoneId sessionZone;
    private final Map<PhysicalNode, ExecNode> translated = new IdentityHashMap<>();
    private int nextId = 1;

    /** @param sessionZone {@code table.local-time-zone}, for the generated code */
    public ExecPlanTranslator(InferredPlan plan, RelDataTypeFactory typeFactory, int parallelism,
                              long stateTtlMillis, ZoneId sessionZone) {
        this.plan = plan;
        this.typeFactory = typeFactory;
        this.parallelism = parallelism;
        this.stateTtlMillis = stateTtlMillis;
        this.sessionZone = sessionZone;
    }

    public List<ExecNode> translate(List<PhysicalNode> roots) {
        return roots.stream().map(this::translate).toList();
    }

    private ExecNode translate(PhysicalNode node) {
        ExecNode known = translated.get(node);
        if (known == null) {
            known = create(node);
            if (plan.dropsUpdateBeforeAbove(node)) {
                known = new ExecNodes.DropUpdateBefore(nextId++, known, known.outputType(),
                        known.changelogMode().without(RowKind.UPDATE_BEFORE));
            }
            translated.put(node, known);
        }
        return known;
    }

    private ExecNode create(PhysicalNode node) {
        if (node instanceof PhysicalNodes.Sink sink) {
            return sink(sink);
        }
        if (node instanceof PhysicalNodes.Collect collect) {
            ExecNode input = translate(collect.input());
            return new ExecNodes.Collect(nextId++, input, input.outputType(), input.changelogMode());
        }
        if (node instanceof PhysicalNodes.Join join) {
            return join(join);
        }
        if (node instanceof PhysicalNodes.IntervalJoin join) {
            return intervalJoin(join);
        }
        if (node instanceof PhysicalNodes.WindowJoin join) {
            return windowJoin(join);
        }
        if (node instanceof PhysicalNodes.TemporalJoin join) {
            return temporalJoin(join);
        }
        if (node instanceof PhysicalNodes.Union union) {
            List<ExecNode> inputs = union.inputs().stream().map(this::translate).toList();
            return new ExecNodes.Union(nextId++, inputs, rowType(union), mode(union));
        }
        if (node instanceof PhysicalNodes.TableSourceScan scan) {
            return new ExecNodes.Source(nextId++, scan.table().identifier(), scan.table().schema().physical(),
                    scan.table().options(), scan.projectedFields(), rowType(scan), mode(scan));
        }
        return singleInput(node, translate(node.input()));
    }

    private ExecNode singleInput(PhysicalNode node, ExecNode input) {
        int id = nextId++;
        RowType type = rowType(node);
        ChangelogMode mode = mode(node);
        if (node instanceof PhysicalNodes.Calc calc) {
            GeneratedClass function = CalcCodeGenerator.generate("Calc", calc.input().rowType(), calc.projects(),
                    calc.condition(), calc.rowType(), sessionZone);
            return new ExecNodes.Calc(id, input, function, calc.describe(), type, mode);
        }
        if (node instanceof PhysicalNodes.WatermarkAssigner assigner) {
            return watermarkAssigner(id, assigner, input, type, mode);
        }
        if (node instanceof PhysicalNodes.Correlate correlate) {
            GeneratedClass function = CorrelateCodeGenerator.generate("Correlate", correlate.input().rowType(),
                    correlate.call(), correlate.function(), sessionZone);
            return new ExecNodes.Correlate(id, input, function, correlate.function().getName(),
                    correlate.function().rowResult(), correlate.leftOuter(), type, mode);
        }
        if (node instanceof PhysicalNodes.OverAggregate over) {
            ExecNodes.OverOrder order = input.changelogMode().isInsertOnly() ? over.order() : ExecNodes.OverOrder.CHANGELOG;
            return new ExecNodes.OverAggregate(id, input, over.partitionKeys(), over.orderBy(), order, over.rows(),
                    over.preceding(), calls(over.aggregates(), over.input().rowType(), false),
                    plan.generateUpdateBefore(node), type, mode);
        }
        if (node instanceof PhysicalNodes.LookupJoin join) {
            GeneratedClass condition = join.condition() == null ? null
                    : JoinConditionGenerator.generate(join.input().rowType(), join.tableType(), join.condition(),
                            sessionZone);
            return new ExecNodes.LookupJoin(id, input, join.table().identifier(), join.table().schema().physical(),
                    join.table().options(), join.leftOuter(), join.leftKeys(), join.lookupKeys(), condition, type, mode);
        }
        if (node instanceof PhysicalNodes.Exchange exchange) {
            return new ExecNodes.Exchange(id, input, exchange.distribution(), exchange.keys(), type, mode);
        }
        if (node instanceof PhysicalNodes.MiniBatchAssigner assigner) {
            return new ExecNodes.MiniBatchAssigner(id, input, assigner.intervalMillis(), assigner.size(), type, mode);
        }
        if (node instanceof PhysicalNodes.ChangelogNormalize normalize) {
            return new ExecNodes.ChangelogNormalize(id, input, normalize.keys(), plan.generateUpdateBefore(node),
                    type, mode);
        }
        if (node instanceof PhysicalNodes.WindowTableFunction function) {
            WindowSpec window = function.window();
            return new ExecNodes.WindowTableFunction(id, input, window.kind(), window.timeIndex(), window.sizeMillis(),
                    window.slideMillis(), function.partitionKeys(), window.processingTime(), type, mode);
        }
        if (node instanceof PhysicalNodes.WindowRank rank) {
            return new ExecNodes.WindowRank(id, input, rank.partitionKeys(), rank.orderBy(), rank.rankStart(),
                    rank.rankEnd(), rank.outputRankNumber(), rank.windowEndIndex(), rank.lastRowByRowtime(), type, mode);
        }
        if (node instanceof PhysicalNodes.Rank rank) {
            return new ExecNodes.Rank(id, input, rank.partitionKeys(), rank.orderBy(), rank.rankStart(),
                    rank.rankEnd(), rank.outputRankNumber(), plan.generateUpdateBefore(node), rank.arrivalOrder(),
                    rank.firstRowOnWatermark() && plan.insertOnly(rank.input()),
                    rank.lastRowByRowtime() && plan.insertOnly(rank.input()), type, mode);
        }
        return aggregate(id, node, input, type, mode);
    }

    private ExecNode aggregate(int id, PhysicalNode node, ExecNode input, RowType type, ChangelogMode mode) {
        boolean retracting = plan.inputRetracts(node);
        if (node instanceof PhysicalNodes.GroupAggregate aggregate) {
            return new ExecNodes.GroupAggregate(id, input, aggregate.groupKeys(),
                    calls(aggregate.aggregates(), aggregate.input().rowType(), retracting),
                    plan.generateUpdateBefore(node), aggregate.miniBatch(), stateTtlMillis, type, mode);
        }
        if (node instanceof PhysicalNodes.LocalGroupAggregate local) {
            return new ExecNodes.LocalGroupAggregate(id, input, local.groupKeys(),
                    calls(local.aggregates(), local.input().rowType(), retracting), type, mode);
        }
        if (node instanceof PhysicalNodes.GlobalGroupAggregate global) {
            PhysicalNodes.LocalGroupAggregate local = (PhysicalNodes.LocalGroupAggregate) global.input().input();
            return new ExecNodes.GlobalGroupAggregate(id, input, global.groupKeys(),
                    calls(global.aggregates(), local.input().rowType(), retracting), plan.generateUpdateBefore(node),
                    stateTtlMillis, type, mode);
        }
        PhysicalNodes.WindowAggregate window = (PhysicalNodes.WindowAggregate) node;
        return new ExecNodes.WindowAggregate(id, input, window.window().kind(), window.window().timeIndex(),
                window.window().sizeMillis(), window.window().slideMillis(), window.window().processingTime(),
                window.groupKeys(),
                calls(window.aggregates(), window.input().rowType(), retracting), type, mode);
    }

    private ExecNode watermarkAssigner(int id, PhysicalNodes.WatermarkAssigner assigner, ExecNode input,
                                       RowType type, ChangelogMode mode) {
        RelDataType inputType = assigner.input().rowType();
        RelDataType outputType = typeFactory.builder().add("watermark", assigner.watermarkExpression().getType())
                .build();
        GeneratedClass expression = CalcCodeGenerator.generate("WatermarkExpression", inputType,
                List.of(assigner.watermarkExpression()), null, outputType, sessionZone);
        return new ExecNodes.WatermarkAssigner(id, input, assigner.rowtimeIndex(), expression, type, mode);
    }

    private ExecNode intervalJoin(PhysicalNodes.IntervalJoin join) {
        ExecNode left = translate(join.left());
        ExecNode right = translate(join.right());
        GeneratedClass condition = JoinConditionGenerator.generate(join.left().rowType(), join.right().rowType(),
                join.nonEquiCondition(), sessionZone);
        return new ExecNodes.IntervalJoin(nextId++, left, right, join.joinType(), join.leftKeys(), join.rightKeys(),
                join.leftTimeIndex(), join.rightTimeIndex(), join.lowerMillis(), join.upperMillis(), condition,
                rowType(join), mode(join));
    }

    private ExecNode temporalJoin(PhysicalNodes.TemporalJoin join) {
        ExecNode left = translate(join.left());
        ExecNode right = translate(join.right());
        GeneratedClass condition = join.nonEquiCondition() == null ? null
                : JoinConditionGenerator.generate(join.left().rowType(), join.right().rowType(),
                        join.nonEquiCondition(), sessionZone);
        return new ExecNodes.TemporalJoin(nextId++, left, right, join.leftKeys(), join.rightKeys(),
                join.leftTimeIndex(), join.rightTimeIndex(), join.leftOuter(), condition, rowType(join), mode(join));
    }

    private ExecNode windowJoin(PhysicalNodes.WindowJoin join) {
        ExecNode left = translate(join.left());
        ExecNode right = translate(join.right());
        GeneratedClass condition = join.nonEquiCondition() == null ? null
                : JoinConditionGenerator.generate(join.left().rowType(), join.right().rowType(),
                        join.nonEquiCondition(), sessionZone);
        return new ExecNodes.WindowJoin(nextId++, left, right, join.joinType(), join.leftKeys(), join.rightKeys(),
                join.leftWindowEnd(), join.rightWindowEnd(), condition, rowType(join), mode(join));
    }

    private ExecNode join(PhysicalNodes.Join join) {
        ExecNode left = translate(join.left());
        ExecNode right = translate(join.right());
        GeneratedClass condition = join.nonEquiCondition() == null ? null
                : JoinConditionGenerator.generate(join.left().rowType(), join.right().rowType(),
                        join.nonEquiCondition(), sessionZone);
        return new ExecNodes.Join(nextId++, left, right, join.joinType(), join.leftKeys(), join.rightKeys(),
                condition, rowType(join), mode(join));
    }

    private ExecNode sink(PhysicalNodes.Sink sink) {
        ExecNode input = translate(sink.input());
        SinkDecision decision = plan.sink(sink);
        int[] primaryKey = sink.table().schema().primaryKeyIndexes();
        boolean updating = !plan.insertOnly(sink.input());
        if (updating && primaryKey.length > 0 && parallelism > 1) {
            input = new ExecNodes.Exchange(nextId++, input, Distribution.HASH, primaryKey, input.outputType(),
                    input.changelogMode());
        }
        ChangelogMode received = input.changelogMode();
        if (decision.upsertMaterialize()) {
            received = ChangelogMode.of(RowKind.INSERT, RowKind.UPDATE_AFTER, RowKind.DELETE);
            input = new ExecNodes.SinkUpsertMaterializer(nextId++, input, primaryKey, decision.upsertKey(),
                    decision.matchFields(), decision.conflictStrategy().name(), input.outputType(), received);
        }
        if (!decision.accepted().contains(RowKind.UPDATE_BEFORE)) {
            received = received.without(RowKind.UPDATE_BEFORE);
        }
        return new ExecNodes.Sink(nextId++, input, sink.table().identifier(), sink.table().schema(),
                sink.table().options(), input.outputType(), received);
    }

    private static List<AggregateCall> calls(List<AggSpec> specs, RelDataType inputType, boolean retracting) {
        return specs.stream().map(spec -> {
            if (retracting && spec.user() != null && !spec.user().retractable()) {
                throw new ValidationException("Aggregate function " + spec.user().name() + " cannot take rows back, "
                        + "but its input has updates or deletes: give " + spec.user().functionClass()
                        + " a retract method with the parameters of its accumulate method");
            }
            return new AggregateCall(spec.function(), spec.argIndex(), spec.distinct(), retracting,
                    spec.argIndex() < 0 ? null
                            : LogicalTypes.toLogicalType(inputType.getFieldList().get(spec.argIndex()).getType()),
                    LogicalTypes.toLogicalType(spec.resultType()), spec.name(), spec.user(), spec.separator());
        }).toList();
    }

    private RowType rowType(PhysicalNode node) {
        return LogicalTypes.toRowType(node.rowType());
    }

    private ChangelogMode mode(PhysicalNode node) {
        return plan.mode(node);
    }
}
