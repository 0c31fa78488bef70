package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.planner.types.LogicalTypes;
import io.sluice.planner.types.SluiceTypeSystem;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;

class JoinConditionGeneratorTest {
    private final RelDataTypeFactory factory = new JavaTypeFactoryImpl(SluiceTypeSystem.INSTANCE);
    private final RexBuilder rex = new RexBuilder(factory);
    private final RelDataType left = factory.builder()
            .add("id", LogicalTypes.toRelDataType(factory, LogicalType.intType()))
            .add("name", LogicalTypes.toRelDataType(factory, LogicalType.string()))
            .build();
    private final RelDataType right = factory.builder()
            .add("limit", LogicalTypes.toRelDataType(factory, LogicalType.bigint()))
            .add("label", LogicalTypes.toRelDataType(factory, LogicalType.string()))
            .build();

    /** left.id < right.limit AND left.name <> right.label */
    private JoinCondition condition() {
        RexNode lessThan = rex.makeCall(SqlStdOperatorTable.LESS_THAN,
                rex.makeInputRef(left.getFieldList().get(0).getType(), 0),
                rex.makeInputRef(right.getFieldList().get(0).getType(), 2));
        RexNode differentNames = rex.makeCall(SqlStdOperatorTable.NOT_EQUALS,
                rex.makeInputRef(left.getFieldList().get(1).getType(), 1),
                rex.makeInputRef(right.getFieldList().get(1).getType(), 3));
        RexNode both = rex.makeCall(SqlStdOperatorTable.AND, lessThan, differentNames);
        return ClassCompiler.newInstance(JoinConditionGenerator.generate(left, right, both), JoinCondition.class);
    }

    @Test
    void referencesPastTheLeftArityReadTheRightRow() {
        JoinCondition condition = condition();
        assertThat(condition.test(Row.insert(1, "a"), Row.insert(2L, "b"))).isTrue();
        assertThat(condition.test(Row.insert(3, "a"), Row.insert(2L, "b"))).isFalse();
        assertThat(condition.test(Row.insert(1, "a"), Row.insert(2L, "a"))).isFalse();
    }

    @Test
    void aNullConditionDoesNotMatch() {
        JoinCondition condition = condition();
        assertThat(condition.test(Row.insert(null, "a"), Row.insert(2L, "b"))).isFalse();
        assertThat(condition.test(Row.insert(1, "a"), Row.insert(2L, null))).isFalse();
    }
}
