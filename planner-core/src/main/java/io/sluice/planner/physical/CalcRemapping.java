package io.sluice.planner.physical;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/** Rewrites a Calc's expressions onto a narrower input (a scan that reads only the fields used). */
final class CalcRemapping {
    private CalcRemapping() {
    }

    /** Projections and the condition (null for none) of a Calc. */
    record Remapped(List<RexNode> projects, RexNode condition) {
    }

    /**
     * @param scannedFields the names of the table's fields the expressions refer to by index
     * @param input         the node now below the Calc, whose fields are a subset of those, by name
     */
    static Remapped remap(List<RexNode> projects, RexNode condition, List<String> scannedFields,
                          PhysicalNode input) {
        List<String> inputNames = input.fieldNames();
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(inputNames.indexOf(scannedFields.get(ref.getIndex())), ref.getType());
            }
        };
        return new Remapped(projects.stream().map(p -> p.accept(shuttle)).toList(),
                condition == null ? null : condition.accept(shuttle));
    }

    /**
     * True when {@code upper} over {@code lower} can be one Calc: the lower one only selects fields, or the
     * upper one only selects some of the lower one's fields, each once (no expression is computed twice).
     */
    static boolean mergeable(Remapped upper, PhysicalNodes.Calc lower) {
        return selectsFields(lower.projects())
                || upper.condition() == null && selectsFields(upper.projects())
                && upper.projects().stream().distinct().count() == upper.projects().size();
    }

    private static boolean selectsFields(List<RexNode> projects) {
        return projects.stream().allMatch(RexInputRef.class::isInstance);
    }

    /** {@code calc} rewritten to read the input of {@code projection}, both conditions applied (see {@link #mergeable}). */
    static Remapped through(Remapped calc, PhysicalNodes.Calc projection, RexBuilder rexBuilder) {
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return projection.projects().get(ref.getIndex());
            }
        };
        RexNode condition = calc.condition() == null ? null : calc.condition().accept(shuttle);
        if (projection.condition() != null) {
            condition = condition == null ? projection.condition()
                    : RexUtil.composeConjunction(rexBuilder, List.of(projection.condition(), condition));
        }
        return new Remapped(calc.projects().stream().map(p -> p.accept(shuttle)).toList(), condition);
    }

    /** True when the Calc would pass every input field through unchanged, under the same names. */
    static boolean isIdentity(Remapped calc, RelDataType inputType, RelDataType outputType) {
        if (calc.condition() != null || calc.projects().size() != inputType.getFieldCount()
                || !inputType.getFieldNames().equals(outputType.getFieldNames())) {
            return false;
        }
        for (int i = 0; i < calc.projects().size(); i++) {
            if (!(calc.projects().get(i) instanceof RexInputRef ref) || ref.getIndex() != i) {
                return false;
            }
        }
        return true;
    }
}
