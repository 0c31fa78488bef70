package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.catalog.Connectors;
import io.sluice.planner.sql.SqlFrontend;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalSnapshot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Converts {@code s JOIN t FOR SYSTEM_TIME AS OF s.pt ON s.k = t.k}, which Calcite writes as a correlate
 * over a snapshot of the table, into a lookup join: the equalities between a column of the table and a
 * field of the stream are the lookup keys, the rest of the ON condition filters what is found.
 */
final class LookupJoinConversion {
    private final PhysicalPlanner planner;
    private final Connectors connectors;
    private final LogicalCorrelate correlate;

    private LookupJoinConversion(PhysicalPlanner planner, Connectors connectors, LogicalCorrelate correlate) {
        this.planner = planner;
        this.connectors = connectors;
        this.correlate = correlate;
    }

    static PhysicalNode convert(PhysicalPlanner planner, Connectors connectors, LogicalCorrelate correlate) {
        return new LookupJoinConversion(planner, connectors, correlate).build();
    }

    private PhysicalNode build() {
        boolean leftOuter = switch (correlate.getJoinType()) {
            case INNER -> false;
            case LEFT -> true;
            default -> throw new ValidationException("A lookup join (FOR SYSTEM_TIME AS OF) is an inner or a LEFT "
                    + "join, not " + correlate.getJoinType());
        };
        RelNode right = correlate.getRight();
        List<RexNode> projects = null;
        RexNode condition = null;
        if (right instanceof LogicalCalc calc) {
            RexProgram program = calc.getProgram();
            projects = program.getProjectList().stream().map(program::expandLocalRef).toList();
            condition = program.getCondition() == null ? null : program.expandLocalRef(program.getCondition());
            right = calc.getInput();
        } else if (right instanceof LogicalFilter filter) {
            condition = filter.getCondition();
            right = filter.getInput();
        }
        if (!(right instanceof LogicalSnapshot snapshot) || !(snapshot.getInput() instanceof TableScan scan)) {
            throw new ValidationException("Unsupported in a streaming query: a correlated subquery or LATERAL join; "
                    + "a join with FOR SYSTEM_TIME AS OF must name a table directly");
        }
        PhysicalNode left = planner.convert(correlate.getLeft());
        if (snapshot.getPeriod() instanceof RexFieldAccess period && period.getReferenceExpr() instanceof RexCorrelVariable
                && WindowSpec.isRowtime(left, period.getField().getIndex())) {
            return TemporalJoinConversion.convert(planner, correlate, left, scan, period.getField().getIndex(),
                    leftOuter, condition, projects);
        }
        CatalogEntry.Table table = lookupTable(scan);
        checkProcessingTime(snapshot, left, table);
        return lookupJoin(left, table, scan.getRowType(), leftOuter, condition, projects);
    }

    private static CatalogEntry.Table lookupTable(TableScan scan) {
        CatalogEntry.Table table = SqlFrontend.catalogTable(scan.getTable());
        if (table == null) {
            throw new ValidationException("FOR SYSTEM_TIME AS OF must name a table, not the view '"
                    + String.join(".", scan.getTable().getQualifiedName()) + "'");
        }
        if (table.schema().hasComputedColumns()) {
            throw new ValidationException("Table '" + table.identifier() + "' has computed columns, which a lookup "
                    + "join cannot read: compute them after the join");
        }
        return table;
    }

    /** A lookup reads the table as it is when the row arrives: the period must be a processing time. */
    private void checkProcessingTime(LogicalSnapshot snapshot, PhysicalNode left, CatalogEntry.Table table) {
        RexNode period = snapshot.getPeriod();
        if (!(period instanceof RexFieldAccess access && access.getReferenceExpr() instanceof RexCorrelVariable
                && WindowSpec.isProctime(left, access.getField().getIndex()))) {
            throw new ValidationException("FOR SYSTEM_TIME AS OF on table '" + table.identifier() + "' must name a "
                    + "PROCTIME() column of the joined stream (a lookup join, as in FOR SYSTEM_TIME AS OF s.proc_time) "
                    + "or its rowtime, a column with a WATERMARK (an event-time temporal join)");
        }
    }

    private PhysicalNode lookupJoin(PhysicalNode left, CatalogEntry.Table table, RelDataType tableType,
                                    boolean leftOuter, RexNode condition, List<RexNode> projects) {
        int leftWidth = left.rowType().getFieldCount();
        RexBuilder rex = correlate.getCluster().getRexBuilder();
        List<RexNode> streamKeys = new ArrayList<>();
        List<Integer> lookupKeys = new ArrayList<>();
        List<RexNode> remaining = new ArrayList<>();
        if (condition != null) {
            for (RexNode conjunct : RelOptUtil.conjunctions(overJoinedRow(condition, leftWidth))) {
                if (!addKey(conjunct, leftWidth, streamKeys, lookupKeys)) {
                    remaining.add(conjunct);
                }
            }
        }
        if (streamKeys.isEmpty()) {
            throw new ValidationException("The lookup join on table '" + table.identifier() + "' needs an equality "
                    + "between a column of the table and a field of the stream in its ON condition, such as "
                    + "ON s.id = t.id");
        }
        // keys computed from the stream's fields (ON MOD(s.id, 10) = t.id) become fields of their own
        List<RexNode> computed = streamKeys.stream().filter(key -> !(key instanceof RexInputRef)).distinct().toList();
        PhysicalNode stream = computed.isEmpty() ? left : withComputedKeys(left, computed);
        int shift = computed.size();
        int[] leftKeys = streamKeys.stream().mapToInt(key -> key instanceof RexInputRef ref ? ref.getIndex()
                : leftWidth + computed.indexOf(key)).toArray();
        RexNode filter = remaining.isEmpty() ? null : shiftTableColumns(RexUtil.composeConjunction(rex, remaining),
                leftWidth, shift);
        RelDataType joinedType = rex.getTypeFactory().builder().addAll(stream.rowType().getFieldList())
                .addAll(tableType.getFieldList()).uniquify().build();
        PhysicalNode join = new PhysicalNodes.LookupJoin(stream, table, connectors.lookupSource(table), leftOuter,
                leftKeys, lookupKeys.stream().mapToInt(Integer::intValue).toArray(), filter, tableType, joinedType);
        return planner.calc(join, new CalcRemapping.Remapped(output(left.rowType(), shift, tableType, projects), null),
                correlate.getRowType());
    }

    private PhysicalNode withComputedKeys(PhysicalNode left, List<RexNode> computed) {
        List<RexNode> fields = new ArrayList<>();
        RelDataTypeFactory.Builder type = correlate.getCluster().getTypeFactory().builder()
                .addAll(left.rowType().getFieldList());
        left.rowType().getFieldList().forEach(field -> fields.add(new RexInputRef(field.getIndex(), field.getType())));
        for (RexNode key : computed) {
            fields.add(key);
            type.add("$key" + (fields.size() - 1), key.getType());
        }
        return planner.calc(left, new CalcRemapping.Remapped(fields, null), type.uniquify().build());
    }

    private static RexNode shiftTableColumns(RexNode condition, int leftWidth, int shift) {
        return shift == 0 ? condition : condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return ref.getIndex() < leftWidth ? ref : new RexInputRef(ref.getIndex() + shift, ref.getType());
            }
        });
    }

    /** {@code condition} over the stream's fields ($cor.x) and the table's columns, as a condition over both. */
    static RexNode overJoinedRow(RexNode condition, int leftWidth) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(leftWidth + ref.getIndex(), ref.getType());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable) {
                    return new RexInputRef(access.getField().getIndex(), access.getType());
                }
                return super.visitFieldAccess(access);
            }
        });
    }

    /**
     * Adds {@code stream expression = table column} as a lookup key, where the expression reads only the
     * stream's fields and has the column's type; false for any other condition.
     */
    private static boolean addKey(RexNode conjunct, int leftWidth, List<RexNode> streamKeys, List<Integer> lookupKeys) {
        if (conjunct.getKind() != SqlKind.EQUALS || !(conjunct instanceof RexCall call)) {
            return false;
        }
        for (int side = 0; side < 2; side++) {
            RexNode stream = call.getOperands().get(side);
            RexNode column = call.getOperands().get(1 - side);
            ImmutableBitSet read = RelOptUtil.InputFinder.bits(stream);
            if (column instanceof RexInputRef ref && ref.getIndex() >= leftWidth && !read.isEmpty()
                    && read.nextSetBit(leftWidth) < 0 && RexUtil.isDeterministic(stream)
                    && stream.getType().getSqlTypeName() == column.getType().getSqlTypeName()) {
                streamKeys.add(stream);
                lookupKeys.add(ref.getIndex() - leftWidth);
                return true;
            }
        }
        return false;
    }

    /** The correlate's fields: the stream's, then the table's columns the query reads. */
    static List<RexNode> output(RelDataType leftType, int computedKeys, RelDataType tableType,
                                List<RexNode> projects) {
        int tableStart = leftType.getFieldCount() + computedKeys;
        List<RexNode> fields = new ArrayList<>();
        leftType.getFieldList().forEach(field -> fields.add(new RexInputRef(field.getIndex(), field.getType())));
        List<RexNode> tableColumns = projects != null ? projects
                : tableType.getFieldList().stream().map(f -> (RexNode) new RexInputRef(f.getIndex(), f.getType()))
                        .toList();
        for (RexNode column : tableColumns) {
            if (!(column instanceof RexInputRef ref)) {
                throw new ValidationException("Expressions over the columns of a table joined FOR SYSTEM_TIME AS OF "
                        + "must be computed after the join, not in it: " + column);
            }
            fields.add(new RexInputRef(tableStart + ref.getIndex(), ref.getType()));
        }
        return fields;
    }
}
