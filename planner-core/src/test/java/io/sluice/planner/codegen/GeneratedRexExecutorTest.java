package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.planner.types.SluiceTypeSystem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;
import org.junit.jupiter.api.Test;

class GeneratedRexExecutorTest {
    private final JavaTypeFactoryImpl factory = new JavaTypeFactoryImpl(SluiceTypeSystem.INSTANCE);
    private final RexBuilder rex = new RexBuilder(factory);

    private List<RexNode> reduce(RexNode... expressions) {
        List<RexNode> reduced = new ArrayList<>();
        new GeneratedRexExecutor().reduce(rex, List.of(expressions), reduced);
        return reduced;
    }

    private RelDataType type(SqlTypeName name, int precision) {
        return factory.createSqlType(name, precision);
    }

    @Test
    void constantsFoldToTheValuesTheRuntimeComputes() {
        RexNode timestamp = rex.makeTimestampLiteral(new TimestampString("2026-10-12 00:00:00"), 3);
        RexNode text = rex.makeCast(type(SqlTypeName.VARCHAR, Integer.MAX_VALUE), timestamp);
        RexNode sum = rex.makeCall(SqlStdOperatorTable.PLUS, rex.makeExactLiteral(BigDecimal.valueOf(2)),
                rex.makeExactLiteral(BigDecimal.valueOf(3)));
        RexNode unknown = rex.makeNullLiteral(type(SqlTypeName.INTEGER, -1));
        List<RexNode> reduced = reduce(text, sum, unknown);
        assertThat(((RexLiteral) reduced.get(0)).getValueAs(String.class)).isEqualTo("2026-10-12 00:00:00.000");
        assertThat(((RexLiteral) reduced.get(1)).getValueAs(Integer.class)).isEqualTo(5);
        assertThat(((RexLiteral) reduced.get(2)).isNull()).isTrue();
    }

    @Test
    void anExpressionThatFailsStaysUnreduced() {
        RexNode badCast = rex.makeCast(factory.createSqlType(SqlTypeName.INTEGER), rex.makeLiteral("12x"));
        assertThat(reduce(badCast)).containsExactly(badCast);
    }
}
