package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.planner.functions.UserTableFunction;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * Converts {@code t, LATERAL TABLE(f(args))} (also {@code CROSS JOIN} and {@code LEFT JOIN ... ON TRUE}),
 * which Calcite writes as a correlate over a scan of the table function whose arguments read the left
 * row as {@code $cor0}, into a {@link PhysicalNodes.Correlate} whose call reads the left row's fields. A
 * condition on the function's columns of an inner join filters the joined rows in a Calc above it.
 */
final class TableFunctionConversion {
    private final PhysicalPlanner planner;
    private final LogicalCorrelate correlate;

    private TableFunctionConversion(PhysicalPlanner planner, LogicalCorrelate correlate) {
        this.planner = planner;
        this.correlate = correlate;
    }

    /** True when the correlate's right side calls a user-defined table function. */
    static boolean callsTableFunction(LogicalCorrelate correlate) {
        return functionScan(correlate.getRight()) != null;
    }

    static PhysicalNode convert(PhysicalPlanner planner, LogicalCorrelate correlate) {
        return new TableFunctionConversion(planner, correlate).build();
    }

    private static LogicalTableFunctionScan functionScan(RelNode right) {
        RelNode node = right instanceof LogicalCalc || right instanceof LogicalFilter ? right.getInput(0) : right;
        return node instanceof LogicalTableFunctionScan scan && scan.getCall() instanceof RexCall call
                && call.getOperator() instanceof UserTableFunction ? scan : null;
    }

    private PhysicalNode build() {
        LogicalTableFunctionScan scan = functionScan(correlate.getRight());
        UserTableFunction function = (UserTableFunction) ((RexCall) scan.getCall()).getOperator();
        boolean leftOuter = switch (correlate.getJoinType()) {
            case INNER -> false;
            case LEFT -> true;
            default -> throw new ValidationException("A LATERAL TABLE(" + function.getName() + "(...)) join is an "
                    + "inner or a LEFT join, not " + correlate.getJoinType());
        };
        if (leftOuter && correlate.getRight() != scan) {
            throw new ValidationException("LEFT JOIN LATERAL TABLE(" + function.getName() + "(...)) takes only ON TRUE; "
                    + "filter its columns in WHERE instead");
        }
        PhysicalNode left = planner.convert(correlate.getLeft());
        RexCall call = (RexCall) scan.getCall().accept(new CorrelationToInput(correlate, function));
        RelDataType joinedType = correlate.getCluster().getTypeFactory().builder()
                .addAll(left.rowType().getFieldList()).addAll(scan.getRowType().getFieldList()).uniquify().build();
        PhysicalNode joined = new PhysicalNodes.Correlate(left, call, function, leftOuter, joinedType);
        return correlate.getRight() == scan ? joined : filtered(joined, left.rowType().getFieldCount());
    }

    /** The right side's Calc or Filter over the function's columns, applied to the joined rows. */
    private PhysicalNode filtered(PhysicalNode joined, int leftWidth) {
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>(rex.identityProjects(joined.input().rowType()));
        RexNode condition;
        if (correlate.getRight() instanceof LogicalCalc calc) {
            RexProgram program = calc.getProgram();
            program.getProjectList().forEach(p -> projects.add(RexUtil.shift(program.expandLocalRef(p), leftWidth)));
            condition = program.getCondition() == null ? null
                    : RexUtil.shift(program.expandLocalRef(program.getCondition()), leftWidth);
        } else {
            LogicalFilter filter = (LogicalFilter) correlate.getRight();
            for (int i = leftWidth; i < joined.rowType().getFieldCount(); i++) {
                projects.add(rex.makeInputRef(joined.rowType().getFieldList().get(i).getType(), i));
            }
            condition = RexUtil.shift(filter.getCondition(), leftWidth);
        }
        RelDataType type = correlate.getCluster().getTypeFactory().builder()
                .addAll(correlate.getLeft().getRowType().getFieldList())
                .addAll(correlate.getRight().getRowType().getFieldList()).uniquify().build();
        return planner.calc(joined, new CalcRemapping.Remapped(projects, condition), type);
    }

    /** Turns the arguments' {@code $cor0.field} into a reference to the left row's field. */
    private static final class CorrelationToInput extends RexShuttle {
        private final LogicalCorrelate correlate;
        private final UserTableFunction function;

        CorrelationToInput(LogicalCorrelate correlate, UserTableFunction function) {
            this.correlate = correlate;
            this.function = function;
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess access) {
            if (access.getReferenceExpr() instanceof RexCorrelVariable variable
                    && variable.id.equals(correlate.getCorrelationId())) {
                return new RexInputRef(access.getField().getIndex(), access.getType());
            }
            return super.visitFieldAccess(access);
        }

        @Override
        public RexNode visitCorrelVariable(RexCorrelVariable variable) {
            throw new ValidationException("The arguments of " + function.getName() + " can only read the columns of "
                    + "the table it joins");
        }
    }
}
