package io.sluice.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * {@code AGG(x) FILTER (WHERE f)} becomes {@code AGG(CASE WHEN f THEN x END)}, and {@code COUNT(*) FILTER
 * (WHERE f)} becomes {@code COUNT(CASE WHEN f THEN 1 END)}: every aggregate skips NULL arguments, so a
 * row the filter rejects counts for nothing, as FILTER says, also when it is retracted. The aggregates
 * then need no notion of a filter, in any phase or window.
 */
final class AggregateFilterToCaseRule extends RelOptRule {
    static final AggregateFilterToCaseRule INSTANCE = new AggregateFilterToCaseRule();

    private AggregateFilterToCaseRule() {
        super(operand(LogicalAggregate.class, any()), "AggregateFilterToCaseRule");
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalAggregate aggregate = call.rel(0);
        if (aggregate.getAggCallList().stream().noneMatch(AggregateCall::hasFilter)) {
            return;
        }
        RelNode input = aggregate.getInput();
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RelDataTypeField field : input.getRowType().getFieldList()) {
            projects.add(rex.makeInputRef(field.getType(), field.getIndex()));
            names.add(field.getName());
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall aggregateCall : aggregate.getAggCallList()) {
            if (!aggregateCall.hasFilter()) {
                calls.add(aggregateCall);
                continue;
            }
            RexNode value = aggregateCall.getArgList().isEmpty() ? rex.makeExactLiteral(java.math.BigDecimal.ONE)
                    : rex.makeInputRef(input, aggregateCall.getArgList().get(0));
            RexNode condition = rex.makeCall(SqlStdOperatorTable.IS_TRUE, rex.makeInputRef(input, aggregateCall.filterArg));
            projects.add(rex.makeCall(SqlStdOperatorTable.CASE, condition, value,
                    rex.makeNullLiteral(rex.getTypeFactory().createTypeWithNullability(value.getType(), true))));
            names.add("$filtered" + calls.size());
            calls.add(AggregateCall.create(aggregateCall.getParserPosition(), aggregateCall.getAggregation(),
                    aggregateCall.isDistinct(), aggregateCall.isApproximate(), aggregateCall.ignoreNulls(),
                    aggregateCall.rexList, List.of(projects.size() - 1), -1, aggregateCall.distinctKeys,
                    aggregateCall.getCollation(), aggregateCall.getType(), aggregateCall.getName()));
        }
        RelNode project = LogicalProject.create(input, List.of(), projects, names, java.util.Set.of());
        call.transformTo(aggregate.copy(aggregate.getTraitSet(), project, aggregate.getGroupSet(),
                aggregate.getGroupSets(), calls));
    }
}
