package io.sluice.planner.optimize;

import io.sluice.api.options.ValidationException;
import java.util.EnumSet;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.ProjectJoinTransposeRule;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Rule-based rewriting of a converted query with Calcite's HepPlanner: window functions become
 * {@code LogicalWindow}s, filters and projections are pushed down (also below joins, so each side reads
 * only what is used) and merged, constants reduced, and
 * what remains of projections and filters ends up in {@code LogicalCalc}s, as the physical plan has them.
 */
public final class LogicalOptimizer {
    /** Pushes the fields a projection reads below a join (expressions stay above: outer joins add NULLs). */
    private static final RelOptRule PROJECT_JOIN_TRANSPOSE = ProjectJoinTransposeRule.Config.DEFAULT
            .withPreserveExprCondition(expression -> false).toRule();

    /**
     * STDDEV_POP/SAMP and VAR_POP/SAMP become SUM(x * x), SUM(x) and COUNT(x) with the formula on top, as
     * Flink computes them: those retract exactly, so the deviations follow updates and deletes too.
     */
    private static final RelOptRule REDUCE_DEVIATIONS = AggregateReduceFunctionsRule.Config.DEFAULT
            .withFunctionsToReduce(EnumSet.of(SqlKind.STDDEV_POP, SqlKind.STDDEV_SAMP, SqlKind.VAR_POP,
                    SqlKind.VAR_SAMP)).toRule();

    private static final HepProgram PROGRAM = HepProgram.builder()
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleCollection(List.of(CoreRules.UNION_TO_DISTINCT, CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW,
                    AggregateFilterToCaseRule.INSTANCE))
            .addRuleInstance(REDUCE_DEVIATIONS)
            .addRuleCollection(List.of(
                    CoreRules.FILTER_INTO_JOIN,
                    CoreRules.JOIN_CONDITION_PUSH,
                    CoreRules.JOIN_PUSH_EXPRESSIONS,
                    CoreRules.FILTER_PROJECT_TRANSPOSE,
                    CoreRules.FILTER_AGGREGATE_TRANSPOSE,
                    CoreRules.FILTER_SET_OP_TRANSPOSE,
                    CoreRules.FILTER_MERGE,
                    CoreRules.PROJECT_MERGE,
                    PROJECT_JOIN_TRANSPOSE,
                    CoreRules.PROJECT_REMOVE,
                    CoreRules.AGGREGATE_PROJECT_MERGE,
                    CoreRules.PROJECT_REDUCE_EXPRESSIONS,
                    CoreRules.FILTER_REDUCE_EXPRESSIONS))
            .addRuleCollection(List.of(CoreRules.FILTER_TO_CALC, CoreRules.PROJECT_TO_CALC, CoreRules.CALC_MERGE,
                    CoreRules.CALC_REMOVE))
            .build();

    private LogicalOptimizer() {
    }

    /** @throws ValidationException for what the streaming runtime cannot run, such as subqueries */
    public static RelNode optimize(RelNode rel) {
        refuseSubQueries(rel);
        HepPlanner planner = new HepPlanner(PROGRAM);
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    private static void refuseSubQueries(RelNode rel) {
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                List<RexNode> expressions = node instanceof Filter filter ? List.of(filter.getCondition())
                        : node instanceof Project project ? project.getProjects()
                        : node instanceof Join join ? List.of(join.getCondition()) : List.of();
                if (RexUtil.SubQueryFinder.find(expressions) != null) {
                    throw new ValidationException("Subqueries (IN (SELECT ...), EXISTS (...), a scalar (SELECT ...))"
                            + " are not supported; write them as a JOIN");
                }
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
    }
}
