package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.planner.functions.UserAggregateFunction;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Converts GROUP BY (and DISTINCT; GROUPING SETS through {@link GroupingSetsConversion}) into an exchange on the group keys and a group aggregation, split
 * into local and global phases when mini-batch is on (unless the strategy is ONE_PHASE).
 */
final class AggregateConversion {
    private final PhysicalPlanner planner;
    private final boolean miniBatch;
    private final boolean twoPhaseAllowed;

    AggregateConversion(PhysicalPlanner planner, boolean miniBatch, boolean twoPhaseAllowed) {
        this.planner = planner;
        this.miniBatch = miniBatch;
        this.twoPhaseAllowed = twoPhaseAllowed;
    }

    PhysicalNode convert(LogicalAggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            return GroupingSetsConversion.convert(planner, aggregate, this);
        }
        Optional<PhysicalNode> window = WindowAggregateConversion.convert(planner, aggregate, specs(aggregate));
        if (window.isPresent()) {
            return window.get();
        }
        // the aggregate reads only its group keys and arguments: fields renumbered in their order
        ImmutableBitSet used = aggregate.getGroupSet().union(ImmutableBitSet.of(aggregate.getAggCallList().stream()
                .flatMap(call -> call.getArgList().stream()).mapToInt(Integer::intValue).toArray()));
        PhysicalNode input = planner.convertFields(aggregate.getInput(), used);
        int[] keys = aggregate.getGroupSet().asList().stream().mapToInt(used::indexOf).toArray();
        List<AggSpec> calls = specs(aggregate).stream()
                .map(call -> call.remap(used::indexOf)).toList();
        Optional<PhysicalNode> attached = AttachedWindowConversion.convert(planner, aggregate, input, keys, calls);
        if (attached.isPresent()) {
            return attached.get();
        }
        return groupAggregate(input, keys, calls, aggregate.getRowType());
    }

    /** Groups {@code input} by {@code keys}: one phase, or two when mini-batch allows and the calls merge. */
    PhysicalNode groupAggregate(PhysicalNode input, int[] keys, List<AggSpec> calls, RelDataType rowType) {
        if (miniBatch && twoPhaseAllowed && calls.stream().allMatch(call -> call.function().mergeable())) {
            return twoPhase(input, keys, calls, rowType);
        }
        return new PhysicalNodes.GroupAggregate(PhysicalPlanner.exchange(input, keys), keys, calls, miniBatch, rowType);
    }

    /**
     * Local aggregation per mini-batch before the exchange, global merging after it. Every
     * aggregate the runtime knows merges partial accumulators, also AVG (sum and count), DISTINCT (the
     * values seen) and retracting ones (rows may count negative within a bundle). The local phase's fields
     * name one partial result per aggregate, as Flink does; the runtime's encoding of them is wider.
     */
    private PhysicalNode twoPhase(PhysicalNode input, int[] keys, List<AggSpec> calls, RelDataType rowType) {
        RelDataTypeFactory.Builder localType = planner.typeFactory().builder();
        List<String> inputNames = input.fieldNames();
        for (int key : keys) {
            localType.add(inputNames.get(key), input.rowType().getFieldList().get(key).getType());
        }
        List<AggSpec> partials = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            AggSpec call = calls.get(i);
            String name = partialName(call, i);
            partials.add(new AggSpec(call.function(), call.argIndex(), call.distinct(), name, call.resultType()));
            localType.add(name, call.resultType());
        }
        PhysicalNode local = new PhysicalNodes.LocalGroupAggregate(input, keys, partials, localType.build());
        int[] localKeys = IntStream.range(0, keys.length).toArray();
        return new PhysicalNodes.GlobalGroupAggregate(PhysicalPlanner.exchange(local, localKeys), localKeys, calls,
                rowType);
    }

    /** {@code count1$0} for COUNT(*), {@code (sum$1, count$1)} for AVG, {@code max$2}, {@code distinct$3}. */
    private static String partialName(AggSpec call, int index) {
        if (call.distinct()) {
            return "distinct$" + index;
        }
        return switch (call.function()) {
            case COUNT -> (call.argIndex() < 0 ? "count1$" : "count$") + index;
            case AVG -> "(sum$" + index + ", count$" + index + ")";
            default -> call.function().name().toLowerCase(Locale.ROOT) + "$" + index;
        };
    }

    private static AggSpec userSpec(Aggregate aggregate, AggregateCall call, UserAggregateFunction function,
                                    String name) {
        if (call.isDistinct()) {
            throw new ValidationException("Aggregate function " + function.getName() + " with DISTINCT is not "
                    + "supported");
        }
        List<RelDataType> types = call.getArgList().stream()
                .map(i -> aggregate.getInput().getRowType().getFieldList().get(i).getType()).toList();
        return AggSpec.user(function, call.getArgList(), types, name, call.getType());
    }

    /** LISTAGG's separator: the constant string the aggregate's input computes as field {@code field}. */
    private static String separator(RelNode input, int field) {
        RexNode expression = null;
        if (input instanceof LogicalCalc calc) {
            RexProgram program = calc.getProgram();
            expression = program.expandLocalRef(program.getProjectList().get(field));
        } else if (input instanceof Project project) {
            expression = project.getProjects().get(field);
        }
        if (expression instanceof RexLiteral literal && literal.getValue2() instanceof String separator) {
            return separator;
        }
        throw new ValidationException("LISTAGG's separator must be a constant string, such as LISTAGG(name, '; ')");
    }

    static List<AggSpec> specs(Aggregate aggregate) {
        List<String> names = aggregate.getRowType().getFieldNames();
        int offset = aggregate.getGroupCount();
        return IntStream.range(0, aggregate.getAggCallList().size())
                .mapToObj(i -> spec(aggregate, aggregate.getAggCallList().get(i), names.get(offset + i))).toList();
    }

    static AggSpec spec(Aggregate aggregate, AggregateCall call, String name) {
        if (call.getAggregation() instanceof UserAggregateFunction function) {
            return userSpec(aggregate, call, function, name);
        }
        if (call.filterArg >= 0) {
            throw new ValidationException("Aggregate " + call + " with FILTER (WHERE ...) is not supported");
        }
        if (call.getAggregation().getKind() == SqlKind.LISTAGG && call.getArgList().size() == 2) {
            return new AggSpec(AggFunction.LISTAGG, call.getArgList().get(0), call.isDistinct(), name, call.getType(),
                    null, separator(aggregate.getInput(), call.getArgList().get(1)));
        }
        if (call.getArgList().size() > 1) {
            throw new ValidationException("Aggregate " + call + " with more than one argument is not supported");
        }
        AggFunction function = AggSpec.functionOf(call.getAggregation().getKind());
        if (function == null) {
            throw new ValidationException("Aggregate function " + call.getAggregation().getName()
                    + " is not supported. Supported: COUNT, SUM, MIN, MAX, AVG, STDDEV_POP, STDDEV_SAMP, VAR_POP, "
                    + "VAR_SAMP, FIRST_VALUE, LAST_VALUE, LISTAGG");
        }
        int arg = call.getArgList().isEmpty() ? -1 : call.getArgList().get(0);
        return new AggSpec(function, arg, call.isDistinct(), name, call.getType());
    }
}
