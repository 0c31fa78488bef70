package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Recognises GROUP BY window_start, window_end (and more keys) over a window table function, as
 * Calcite converts it: an aggregate over the table function, possibly through a Calc. Builds a Calc that
 * keeps what the aggregate reads plus the rowtime, an exchange on the other group keys, the
 * WindowAggregate (group keys, aggregates, window_start, window_end) and a Calc back to the aggregate's
 * field order.
 */
final class WindowAggregateConversion {
    private final PhysicalPlanner planner;
    private final LogicalAggregate aggregate;
    private final LogicalTableFunctionScan function;
    /** The aggregate's input fields as expressions over the table function's output. */
    private final List<RexNode> projects;
    private final RexNode condition;
    private final int windowStartField;

    private WindowAggregateConversion(PhysicalPlanner planner, LogicalAggregate aggregate,
                                      LogicalTableFunctionScan function, List<RexNode> projects, RexNode condition) {
        this.planner = planner;
        this.aggregate = aggregate;
        this.function = function;
        this.projects = projects;
        this.condition = condition;
        this.windowStartField = function.getRowType().getFieldCount() - 2;
    }

    /** The window aggregation of {@code aggregate}, or empty when its input is no window table function. */
    static Optional<PhysicalNode> convert(PhysicalPlanner planner, LogicalAggregate aggregate, List<AggSpec> calls) {
        RelNode input = aggregate.getInput();
        if (input instanceof LogicalTableFunctionScan function && WindowSpec.isWindowFunction(function)) {
            List<RexNode> identity = function.getCluster().getRexBuilder().identityProjects(function.getRowType());
            return Optional.of(new WindowAggregateConversion(planner, aggregate, function, identity, null)
                    .build(calls));
        }
        if (input instanceof LogicalCalc calc && calc.getInput() instanceof LogicalTableFunctionScan function
                && WindowSpec.isWindowFunction(function)) {
            RexProgram program = calc.getProgram();
            RexNode condition = program.getCondition() == null ? null : program.expandLocalRef(program.getCondition());
            return Optional.of(new WindowAggregateConversion(planner, aggregate, function,
                    program.getProjectList().stream().map(program::expandLocalRef).toList(), condition).build(calls));
        }
        return Optional.empty();
    }

    private PhysicalNode build(List<AggSpec> calls) {
        WindowSpec window = WindowSpec.of(function);
        PhysicalNode base = planner.convert(function.getInput(0));
        if (WindowSpec.isProctime(base, window.timeIndex())) {
            window = window.onProcessingTime();
        } else if (!WindowSpec.isRowtime(base, window.timeIndex())) {
            throw new ValidationException("The window function requires the timecol to be a time attribute: '"
                    + base.fieldNames().get(window.timeIndex()) + "' has no WATERMARK declared on its table and "
                    + "is not PROCTIME()");
        }
        List<Integer> keys = new ArrayList<>();
        ImmutableBitSet windowKeys = splitGroupKeys(keys);
        checkNoWindowColumns(calls, windowKeys);
        if (window.kind() == WindowKind.SESSION) {
            checkSessionKeys(keys, base);
            refuseUnmergeableUserAggregates(calls);
        }
        RexNode time = new RexInputRef(window.timeIndex(), fieldType(base, window.timeIndex()));
        List<RexNode> read = readExpressions(keys, calls, time);
        int[] groupKeys = keys.stream().mapToInt(key -> read.indexOf(projects.get(key))).toArray();
        List<AggSpec> aggregates = calls.stream().map(call -> call.remap(i -> read.indexOf(projects.get(i))))
                .toList();
        PhysicalNode input = planner.calc(base, new CalcRemapping.Remapped(read, condition), rowType(
                read.stream().map(r -> nameOf(base, r, read.indexOf(r))).toList(),
                read.stream().map(RexNode::getType).toList()));
        PhysicalNode windowAggregate = new PhysicalNodes.WindowAggregate(PhysicalPlanner.exchange(input, groupKeys),
                window.withTimeIndex(read.indexOf(time)), groupKeys, aggregates, windowRowType(keys, windowKeys));
        return planner.calc(windowAggregate, new CalcRemapping.Remapped(reorder(keys.size(), calls.size()), null),
                aggregate.getRowType());
    }

    /**
     * Sessions form per group key, so the group keys (besides the window columns) must be the columns the
     * sessions are partitioned by: other keys would split or join sessions differently from what was asked.
     */
    private void checkSessionKeys(List<Integer> keys, PhysicalNode base) {
        List<Integer> partitionKeys = WindowSpec.sessionKeys(function);
        Set<Integer> grouped = new HashSet<>();
        keys.forEach(key -> grouped.add(projects.get(key) instanceof RexInputRef ref ? ref.getIndex() : -1));
        if (!grouped.equals(new HashSet<>(partitionKeys))) {
            String partition = partitionKeys.stream().map(base.fieldNames()::get).collect(Collectors.joining(", "));
            throw new ValidationException(partitionKeys.isEmpty()
                    ? "A SESSION window aggregation without PARTITION BY can only GROUP BY window_start and "
                            + "window_end: partition the table by the other keys, as in SESSION(TABLE t PARTITION BY "
                            + "key, DESCRIPTOR(ts), INTERVAL '10' SECOND)"
                    : "A SESSION window aggregation must GROUP BY its partition keys (" + partition
                            + "), window_start and window_end, and nothing else");
        }
    }

    /** A row that bridges two sessions merges their accumulators, which a user-defined function must offer. */
    private static void refuseUnmergeableUserAggregates(List<AggSpec> calls) {
        calls.stream().filter(call -> call.user() != null && !call.user().mergeable()).findFirst().ifPresent(call -> {
            throw new ValidationException("User-defined aggregate function " + call.user().name() + " needs a "
                    + "public method merge(" + simpleName(call.user().accumulatorClass()) + " accumulator, Iterable<"
                    + simpleName(call.user().accumulatorClass()) + "> others) in a SESSION window aggregation, "
                    + "where a row can join two sessions into one");
        });
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** Fills {@code keys} with the group keys that are not window columns; returns the window ones. */
    private ImmutableBitSet splitGroupKeys(List<Integer> keys) {
        ImmutableBitSet.Builder windowKeys = ImmutableBitSet.builder();
        for (int key : aggregate.getGroupSet()) {
            if (windowColumn(projects.get(key)) >= 0) {
                windowKeys.set(key);
            } else {
                keys.add(key);
            }
        }
        ImmutableBitSet found = windowKeys.build();
        if (found.cardinality() != 2 || windowColumn(projects.get(found.nth(0)))
                == windowColumn(projects.get(found.nth(1)))) {
            throw new ValidationException("A window aggregation must GROUP BY both window_start and window_end of "
                    + "the window table function");
        }
        return found;
    }

    /** Aggregates and the filter may not read window_start or window_end: they exist only once a window fires. */
    private void checkNoWindowColumns(List<AggSpec> calls, ImmutableBitSet windowKeys) {
        ImmutableBitSet windowColumns = ImmutableBitSet.of(windowStartField, windowStartField + 1);
        boolean argumentIsWindow = calls.stream().flatMap(call -> call.argIndexes().stream())
                .anyMatch(arg -> windowColumn(projects.get(arg)) >= 0);
        boolean expressionReadsWindow = projects.stream().filter(p -> windowColumn(p) < 0)
                .anyMatch(p -> RelOptUtil.InputFinder.bits(p).intersects(windowColumns));
        boolean filterReadsWindow = condition != null
                && RelOptUtil.InputFinder.bits(condition).intersects(windowColumns);
        if (argumentIsWindow || expressionReadsWindow || filterReadsWindow) {
            throw new ValidationException("window_start and window_end of a window aggregation can only be "
                    + "grouped by and selected, not aggregated, computed on or filtered before the aggregation");
        }
    }

    /** 0 for window_start, 1 for window_end, -1 for anything else. */
    private int windowColumn(RexNode project) {
        if (project instanceof RexInputRef ref && ref.getIndex() >= windowStartField) {
            return ref.getIndex() - windowStartField;
        }
        return -1;
    }

    /**
     * What the window aggregate reads: its group keys, the aggregates' arguments and the rowtime, once
     * each; in input order when they are all plain fields.
     */
    private List<RexNode> readExpressions(List<Integer> keys, List<AggSpec> calls, RexNode time) {
        List<RexNode> read = new ArrayList<>();
        keys.forEach(key -> read.add(projects.get(key)));
        calls.stream().flatMap(call -> call.argIndexes().stream()).forEach(arg -> read.add(projects.get(arg)));
        read.add(time);
        List<RexNode> distinct = read.stream().distinct().toList();
        if (distinct.stream().allMatch(RexInputRef.class::isInstance)) {
            return distinct.stream().sorted(Comparator.comparingInt(r -> ((RexInputRef) r).getIndex())).toList();
        }
        return distinct;
    }

    private static RelDataType fieldType(PhysicalNode node, int index) {
        return node.rowType().getFieldList().get(index).getType();
    }

    private static String nameOf(PhysicalNode base, RexNode expression, int position) {
        return expression instanceof RexInputRef ref ? base.fieldNames().get(ref.getIndex()) : "$f" + position;
    }

    private RelDataType rowType(List<String> names, List<RelDataType> types) {
        RelDataTypeFactory.Builder builder = aggregate.getCluster().getTypeFactory().builder();
        for (int i = 0; i < names.size(); i++) {
            builder.add(names.get(i), types.get(i));
        }
        return builder.uniquify().build();
    }

    /** Group keys, aggregates, window_start, window_end: names and types as the aggregate has them. */
    private RelDataType windowRowType(List<Integer> keys, ImmutableBitSet windowKeys) {
        List<Integer> order = new ArrayList<>();
        List<Integer> groupFields = aggregate.getGroupSet().asList();
        keys.forEach(key -> order.add(groupFields.indexOf(key)));
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            order.add(groupFields.size() + i);
        }
        windowKeys.asList().stream().sorted(Comparator.comparingInt(k -> windowColumn(projects.get(k))))
                .forEach(key -> order.add(groupFields.indexOf(key)));
        List<String> names = aggregate.getRowType().getFieldNames();
        return rowType(order.stream().map(names::get).toList(),
                order.stream().map(i -> aggregate.getRowType().getFieldList().get(i).getType()).toList());
    }

    /** Projects the window aggregate's fields back into the aggregate's order: group fields, aggregates. */
    private List<RexNode> reorder(int keyCount, int aggregateCount) {
        List<RexNode> result = new ArrayList<>();
        List<RelDataType> types = aggregate.getRowType().getFieldList().stream().map(f -> f.getType()).toList();
        int nextKey = 0;
        for (int key : aggregate.getGroupSet()) {
            int window = windowColumn(projects.get(key));
            int source = window >= 0 ? keyCount + aggregateCount + window : nextKey++;
            result.add(new RexInputRef(source, types.get(result.size())));
        }
        for (int i = 0; i < aggregateCount; i++) {
            result.add(new RexInputRef(keyCount + i, types.get(result.size())));
        }
        return result;
    }
}
