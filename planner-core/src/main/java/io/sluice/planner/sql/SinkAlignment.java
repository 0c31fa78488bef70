package io.sluice.planner.sql;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.types.LogicalTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Lines a query's fields up with the sink's columns: by position, or by the INSERT's column list
 * (unlisted columns get NULL), casting where the types differ but are compatible.
 */
public final class SinkAlignment {
    private SinkAlignment() {
    }

    /**
     * @param columns the INSERT's column list; empty for all columns in table order
     * @throws ValidationException naming the table and the first column that does not fit
     */
    public static RelNode align(RelNode query, CatalogEntry.Table table, List<String> columns) {
        TableSchema schema = table.schema();
        List<String> targets = columns.isEmpty() ? schema.columnNames() : columns;
        List<RelDataTypeField> fields = query.getRowType().getFieldList();
        if (fields.size() != targets.size()) {
            throw new ValidationException("Column types of query result and sink for '" + table.identifier()
                    + "' do not match: the query has " + fields.size() + " columns, the sink expects "
                    + targets.size() + " " + targets);
        }
        RexBuilder rexBuilder = query.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>();
        for (Column column : schema.columns()) {
            int source = targets.indexOf(column.name());
            RelDataType sinkType = LogicalTypes.toRelDataType(rexBuilder.getTypeFactory(), column.type());
            if (source < 0) {
                projects.add(rexBuilder.makeNullLiteral(sinkType));
                continue;
            }
            RelDataTypeField field = fields.get(source);
            projects.add(cast(rexBuilder, rexBuilder.makeInputRef(query, source), field, sinkType, table, column));
        }
        columns.stream().filter(c -> schema.indexOf(c) < 0).findFirst().ifPresent(unknown -> {
            throw new ValidationException("Unknown column '" + unknown + "' in the column list of table '"
                    + table.identifier() + "'");
        });
        return LogicalProject.create(query, List.of(), projects, schema.columnNames(), java.util.Set.of());
    }

    private static RexNode cast(RexBuilder rexBuilder, RexNode ref, RelDataTypeField field, RelDataType sinkType,
                                CatalogEntry.Table table, Column column) {
        RelDataType source = field.getType();
        RelDataType target = rexBuilder.getTypeFactory().createTypeWithNullability(sinkType, source.isNullable());
        if (source.equals(target) || bothCharacter(source, target)) {
            // strings stay as they are: a shorter declared length is the database's to enforce, and a cast
            // here would hide the query's upsert key behind a non-injective truncation
            return ref;
        }
        if (!compatible(source, target)) {
            throw new ValidationException("Column types of query result and sink for '" + table.identifier()
                    + "' do not match. Incompatible types for sink column '" + column.name() + "': query field '"
                    + field.getName() + "' is " + LogicalTypes.toLogicalType(source) + ", the column is "
                    + column.type());
        }
        return rexBuilder.makeCast(target, ref, true, false);
    }

    private static boolean bothCharacter(RelDataType source, RelDataType target) {
        return source.getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER
                && target.getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER;
    }

    private static boolean compatible(RelDataType source, RelDataType target) {
        SqlTypeFamily from = source.getSqlTypeName().getFamily();
        SqlTypeFamily to = target.getSqlTypeName().getFamily();
        if (from == SqlTypeFamily.NUMERIC && to == SqlTypeFamily.NUMERIC) {
            return !isInteger(target) || !isInteger(source) || integerWidth(target) >= integerWidth(source);
        }
        return from == to || source.getSqlTypeName() == SqlTypeName.NULL;
    }

    private static boolean isInteger(RelDataType type) {
        return integerWidth(type) > 0;
    }

    private static int integerWidth(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INTEGER -> 4;
            case BIGINT -> 8;
            default -> 0;
        };
    }
}
