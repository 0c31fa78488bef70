package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.TableSchema;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.sql.SqlFrontend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Converts {@code s JOIN t FOR SYSTEM_TIME AS OF s.rowtime ON s.k = t.k}, where {@code t} is a versioned
 * table (a primary key and a watermark: its rows are versions of the row with that key, each valid from
 * its rowtime on), into a {@link PhysicalNodes.TemporalJoin} of the stream and the table's changelog,
 * both distributed by the primary key.
 */
final class TemporalJoinConversion {
    private TemporalJoinConversion() {
    }

    /**
     * @param leftTime  the stream's rowtime field the join is AS OF
     * @param condition the ON condition over the stream ($cor) and the table's columns; null for none
     * @param projects  the table's columns the correlate keeps, null for all
     */
    static PhysicalNode convert(PhysicalPlanner planner, LogicalCorrelate correlate, PhysicalNode left, TableScan scan,
                                int leftTime, boolean leftOuter, RexNode condition, List<RexNode> projects) {
        CatalogEntry.Table table = SqlFrontend.catalogTable(scan.getTable());
        if (table == null) {
            throw new ValidationException("FOR SYSTEM_TIME AS OF must name a table, not the view '"
                    + String.join(".", scan.getTable().getQualifiedName()) + "'");
        }
        TableSchema schema = table.schema();
        List<String> columns = scan.getRowType().getFieldNames();
        if (schema.primaryKey().isEmpty()) {
            throw new ValidationException("The event-time temporal join on table '" + table.identifier() + "' needs "
                    + "a PRIMARY KEY on it: its rows are the versions of the row with that key");
        }
        PhysicalNode right = planner.versionedScan(scan);
        int rightTime = schema.watermark().map(w -> columns.indexOf(w.rowtimeColumn())).orElse(-1);
        if (rightTime < 0 || !WindowSpec.isRowtime(right, rightTime)) {
            throw new ValidationException("The event-time temporal join on table '" + table.identifier() + "' needs "
                    + "a WATERMARK on it: its rowtime tells from when each version is valid");
        }
        int leftWidth = left.rowType().getFieldCount();
        int[] primaryKey = schema.primaryKey().stream().mapToInt(columns::indexOf).toArray();
        int[] leftKeys = new int[primaryKey.length];
        Arrays.fill(leftKeys, -1);
        List<RexNode> remaining = new ArrayList<>();
        RexNode joinCondition = condition == null ? null : LookupJoinConversion.overJoinedRow(condition, leftWidth);
        for (RexNode conjunct : joinCondition == null ? List.<RexNode>of() : RelOptUtil.conjunctions(joinCondition)) {
            if (!addKey(conjunct, leftWidth, primaryKey, leftKeys)) {
                remaining.add(conjunct);
            }
        }
        if (Arrays.stream(leftKeys).anyMatch(key -> key < 0)) {
            throw new ValidationException("The event-time temporal join on table '" + table.identifier() + "' must "
                    + "join on its whole primary key (" + String.join(", ", schema.primaryKey()) + "), each column "
                    + "equal to a field of the stream, as in ON s.currency = r.currency");
        }
        RexNode nonEqui = remaining.isEmpty() ? null
                : RexUtil.composeConjunction(correlate.getCluster().getRexBuilder(), remaining);
        RelDataType joinedType = correlate.getCluster().getTypeFactory().builder()
                .addAll(left.rowType().getFieldList()).addAll(right.rowType().getFieldList()).uniquify().build();
        PhysicalNode join = new PhysicalNodes.TemporalJoin(PhysicalPlanner.exchange(left, leftKeys),
                PhysicalPlanner.exchange(right, primaryKey), leftKeys, primaryKey, leftTime, rightTime, leftOuter,
                nonEqui, joinCondition, joinedType);
        return planner.calc(join, new CalcRemapping.Remapped(LookupJoinConversion.output(left.rowType(), 0,
                scan.getRowType(), projects), null), correlate.getRowType());
    }

    /** Records {@code stream field = primary key column} in {@code leftKeys}; false for any other condition. */
    private static boolean addKey(RexNode conjunct, int leftWidth, int[] primaryKey, int[] leftKeys) {
        if (conjunct.getKind() != SqlKind.EQUALS || !(conjunct instanceof RexCall call)) {
            return false;
        }
        for (int side = 0; side < 2; side++) {
            if (call.getOperands().get(side) instanceof RexInputRef stream && stream.getIndex() < leftWidth
                    && call.getOperands().get(1 - side) instanceof RexInputRef column && column.getIndex() >= leftWidth
                    && stream.getType().getSqlTypeName() == column.getType().getSqlTypeName()) {
                int position = Arrays.stream(primaryKey).boxed().toList().indexOf(column.getIndex() - leftWidth);
                if (position >= 0 && leftKeys[position] < 0) {
                    leftKeys[position] = stream.getIndex();
                    return true;
                }
            }
        }
        return false;
    }
}
