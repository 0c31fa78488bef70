package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * GROUPING SETS, ROLLUP and CUBE, as Flink runs them. Each input change is expanded into one copy per
 * grouping set, with the group keys outside the set NULL and one more key, {@code $e}, naming the set by
 * its GROUPING_ID bits (a bit per group key, the first key highest, set when the key is not grouped).
 * A plain group aggregation over the keys and {@code $e} follows, so a retraction reaches every set's
 * group as the insert did, and a final Calc reads GROUPING() and GROUPING_ID() off {@code $e}.
 */
final class GroupingSetsConversion {
    private static final String SET_ID = "$e";

    private final PhysicalPlanner planner;
    private final LogicalAggregate aggregate;
    private final RexBuilder rex;
    private final RelDataTypeFactory types;
    /** The group keys, as fields of the aggregate's input. */
    private final List<Integer> keys;
    /** The input fields the aggregation reads, in order: fields of the expanded input are indexes into it. */
    private final ImmutableBitSet used;

    private GroupingSetsConversion(PhysicalPlanner planner, LogicalAggregate aggregate) {
        this.planner = planner;
        this.aggregate = aggregate;
        this.rex = aggregate.getCluster().getRexBuilder();
        this.types = aggregate.getCluster().getTypeFactory();
        this.keys = aggregate.getGroupSet().asList();
        this.used = aggregate.getGroupSet().union(ImmutableBitSet.of(aggregate.getAggCallList().stream()
                .filter(call -> !isGrouping(call)).flatMap(call -> call.getArgList().stream())
                .mapToInt(Integer::intValue).toArray()));
    }

    static PhysicalNode convert(PhysicalPlanner planner, LogicalAggregate aggregate, AggregateConversion aggregates) {
        if (overWindowFunction(aggregate)) {
            throw new ValidationException("GROUPING SETS, ROLLUP and CUBE over a window table function are not "
                    + "supported; group by window_start, window_end and the keys in one GROUP BY per set, and UNION "
                    + "ALL the results");
        }
        return new GroupingSetsConversion(planner, aggregate).build(aggregates);
    }

    private static boolean overWindowFunction(LogicalAggregate aggregate) {
        return aggregate.getInput() instanceof LogicalTableFunctionScan
                || aggregate.getInput() instanceof LogicalCalc calc && calc.getInput() instanceof LogicalTableFunctionScan;
    }

    private PhysicalNode build(AggregateConversion aggregates) {
        PhysicalNode input = planner.convertFields(aggregate.getInput(), used);
        RelDataType expandedType = expandedType(input.rowType());
        List<PhysicalNode> copies = aggregate.getGroupSets().stream()
                .map(set -> planner.calc(input, new CalcRemapping.Remapped(copy(input.rowType(), set), null),
                        expandedType)).toList();
        PhysicalNode expanded = new PhysicalNodes.Union(copies, expandedType);
        int setId = used.cardinality();
        int[] groupKeys = IntStream.concat(keys.stream().mapToInt(used::indexOf), IntStream.of(setId)).toArray();
        List<AggSpec> calls = new ArrayList<>();
        RelDataTypeFactory.Builder groupedType = types.builder();
        for (int key : groupKeys) {
            groupedType.add(expandedType.getFieldList().get(key));
        }
        List<String> names = aggregate.getRowType().getFieldNames();
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            AggregateCall call = aggregate.getAggCallList().get(i);
            if (!isGrouping(call)) {
                AggSpec spec = AggregateConversion.spec(aggregate, call, names.get(keys.size() + i)).remap(used::indexOf);
                calls.add(spec);
                groupedType.add(spec.name(), spec.resultType());
            }
        }
        PhysicalNode grouped = aggregates.groupAggregate(expanded, groupKeys, calls, groupedType.build());
        return planner.calc(grouped, new CalcRemapping.Remapped(output(grouped.rowType()), null),
                aggregate.getRowType());
    }

    /** The input's fields, group keys made nullable (a set without them NULLs them), and {@code $e}. */
    private RelDataType expandedType(RelDataType inputType) {
        RelDataTypeFactory.Builder type = types.builder();
        for (int i = 0; i < inputType.getFieldCount(); i++) {
            RelDataType field = inputType.getFieldList().get(i).getType();
            type.add(inputType.getFieldNames().get(i),
                    keys.contains(used.nth(i)) ? types.createTypeWithNullability(field, true) : field);
        }
        return type.add(SET_ID, types.createSqlType(SqlTypeName.BIGINT)).build();
    }

    /** One grouping set's copy of an input row. */
    private List<RexNode> copy(RelDataType inputType, ImmutableBitSet set) {
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < inputType.getFieldCount(); i++) {
            int field = used.nth(i);
            RelDataType type = inputType.getFieldList().get(i).getType();
            if (!keys.contains(field)) {
                fields.add(rex.makeInputRef(type, i));
            } else if (set.get(field)) {
                RexNode key = rex.makeInputRef(type, i);
                fields.add(type.isNullable() ? key : rex.makeCast(types.createTypeWithNullability(type, true), key, true));
            } else {
                fields.add(rex.makeNullLiteral(types.createTypeWithNullability(type, true)));
            }
        }
        fields.add(rex.makeBigintLiteral(BigDecimal.valueOf(groupingBits(keys, set))));
        return fields;
    }

    /** The aggregate's fields over the grouped row: the keys, then each call, GROUPING ones read off $e. */
    private List<RexNode> output(RelDataType groupedType) {
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            fields.add(field(groupedType, i));
        }
        RexNode setId = field(groupedType, keys.size());
        int next = keys.size() + 1;
        for (AggregateCall call : aggregate.getAggCallList()) {
            RexNode field = isGrouping(call) ? grouping(call, setId) : field(groupedType, next++);
            fields.add(rex.ensureType(call.getType(), field, true));
        }
        return fields;
    }

    private RexNode field(RelDataType rowType, int index) {
        return rex.makeInputRef(rowType.getFieldList().get(index).getType(), index);
    }

    /** GROUPING(a, b, ...): $e itself when its arguments are all the group keys in order, else by set. */
    private RexNode grouping(AggregateCall call, RexNode setId) {
        if (call.getArgList().equals(keys)) {
            return setId;
        }
        List<RexNode> cases = new ArrayList<>();
        List<ImmutableBitSet> sets = aggregate.getGroupSets();
        for (int i = 0; i < sets.size() - 1; i++) {
            cases.add(rex.makeCall(SqlStdOperatorTable.EQUALS, setId,
                    rex.makeBigintLiteral(BigDecimal.valueOf(groupingBits(keys, sets.get(i))))));
            cases.add(rex.makeBigintLiteral(BigDecimal.valueOf(groupingBits(call.getArgList(), sets.get(i)))));
        }
        cases.add(rex.makeBigintLiteral(BigDecimal.valueOf(groupingBits(call.getArgList(), sets.get(sets.size() - 1)))));
        return cases.size() == 1 ? cases.get(0) : rex.makeCall(SqlStdOperatorTable.CASE, cases);
    }

    /** A bit per field, the first highest, set when the grouping set does not group by the field. */
    private static long groupingBits(List<Integer> fields, ImmutableBitSet set) {
        long bits = 0;
        for (int field : fields) {
            bits = (bits << 1) | (set.get(field) ? 0 : 1);
        }
        return bits;
    }

    private static boolean isGrouping(AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        if (kind == SqlKind.GROUP_ID) {
            throw new ValidationException("GROUP_ID() is not supported; GROUPING(...) and GROUPING_ID(...) are");
        }
        return kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID;
    }
}
