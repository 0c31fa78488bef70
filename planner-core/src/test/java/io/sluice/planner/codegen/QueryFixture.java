package io.sluice.planner.codegen;

import io.sluice.api.types.LogicalType;
import io.sluice.planner.functions.SluiceOperatorTable;
import io.sluice.planner.types.LogicalTypes;
import io.sluice.planner.types.SluiceTypeSystem;
import java.util.List;
import org.apache.calcite.config.Lex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;

/**
 * Validates and converts small queries over one table {@code t} with the Sluice type system and
 * operator table, and picks the projections and filter of the result, as the planner hands them to
 * the code generators.
 */
public final class QueryFixture {
    private final List<String> names;
    private final List<LogicalType> types;

    /** The projections and condition (or null) of a {@code SELECT .. FROM t [WHERE ..]}. */
    public record CalcParts(RelDataType inputType, List<RexNode> projects, RexNode condition, RelDataType outputType) {
    }

    public QueryFixture(List<String> names, List<LogicalType> types) {
        this.names = names;
        this.types = types;
    }

    public RelNode toRel(String sql) {
        SchemaPlus root = Frameworks.createRootSchema(true);
        LogicalTypes.registerTypeAliases(root);
        root.add("t", new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory factory) {
                RelDataTypeFactory.Builder builder = factory.builder();
                for (int i = 0; i < names.size(); i++) {
                    builder.add(names.get(i), LogicalTypes.toRelDataType(factory, types.get(i)));
                }
                return builder.build();
            }
        });
        FrameworkConfig config = Frameworks.newConfigBuilder()
                .defaultSchema(root)
                .parserConfig(SqlParser.config().withLex(Lex.JAVA))
                .operatorTable(SluiceOperatorTable.create(java.util.List.of()))
                .typeSystem(SluiceTypeSystem.INSTANCE)
                .build();
        Planner planner = Frameworks.getPlanner(config);
        try {
            SqlNode validated = planner.validate(planner.parse(sql));
            return planner.rel(validated).project();
        } catch (Exception e) {
            throw new IllegalArgumentException("Query does not validate: " + sql + ": " + e.getMessage(), e);
        }
    }

    public CalcParts calc(String sql) {
        RelNode rel = toRel(sql);
        if (!(rel instanceof Project project)) {
            throw new IllegalArgumentException("Expected a projection, got " + rel.explain());
        }
        RelNode input = project.getInput();
        RexNode condition = null;
        if (input instanceof Filter filter) {
            condition = filter.getCondition();
            input = filter.getInput();
        }
        return new CalcParts(input.getRowType(), project.getProjects(), condition, project.getRowType());
    }
}
