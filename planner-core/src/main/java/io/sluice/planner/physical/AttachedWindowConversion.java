package io.sluice.planner.physical;

import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * A GROUP BY window_start, window_end (and more keys) over the result of a window aggregation, such as
 * the highest count per window of per-auction counts: as in Flink, a window aggregation on the windows
 * the rows carry, emitted once when the watermark passes each window's end, so the result stays
 * insert-only instead of being updated by every row of the window.
 */
final class AttachedWindowConversion {
    private AttachedWindowConversion() {
    }

    /**
     * The window aggregation of {@code aggregate} over {@code input} (its group keys {@code keys} and
     * {@code calls} refer to it), or empty when the keys hold no window_start and window_end of a window
     * aggregation below.
     */
    static Optional<PhysicalNode> convert(PhysicalPlanner planner, LogicalAggregate aggregate, PhysicalNode input,
                                          int[] keys, List<AggSpec> calls) {
        int start = -1;
        int end = -1;
        List<Integer> otherKeys = new ArrayList<>();
        for (int key : keys) {
            int column = WindowSpec.windowColumn(input, key);
            if (column == 0 && start < 0) {
                start = key;
            } else if (column == 1 && end < 0) {
                end = key;
            } else {
                otherKeys.add(key);
            }
        }
        if (start < 0 || end < 0) {
            return Optional.empty();
        }
        // reads: the other keys, the aggregates' arguments, window_start and window_end side by side
        List<Integer> read = new ArrayList<>(otherKeys);
        calls.stream().flatMap(call -> call.argIndexes().stream()).filter(arg -> !read.contains(arg))
                .forEach(read::add);
        read.add(start);
        read.add(end);
        PhysicalNode projected = planner.calc(input, new CalcRemapping.Remapped(refs(input, read), null),
                rowType(aggregate, read.stream().map(i -> input.rowType().getFieldList().get(i).getName()).toList(),
                        read.stream().map(i -> input.rowType().getFieldList().get(i).getType()).toList()));
        int[] groupKeys = otherKeys.stream().mapToInt(read::indexOf).toArray();
        List<AggSpec> aggregates = calls.stream().map(call -> call.remap(read::indexOf)).toList();
        WindowSpec window = new WindowSpec(WindowKind.ATTACHED, read.size() - 2, 0, 0, false);
        RelDataType output = outputType(aggregate, keys, otherKeys, start, end);
        PhysicalNode windowAggregate = new PhysicalNodes.WindowAggregate(PhysicalPlanner.exchange(projected,
                groupKeys), window, groupKeys, aggregates, output);
        return Optional.of(planner.calc(windowAggregate,
                new CalcRemapping.Remapped(backToAggregateOrder(aggregate, keys, otherKeys, start, calls.size()), null),
                aggregate.getRowType()));
    }

    private static List<RexNode> refs(PhysicalNode input, List<Integer> fields) {
        return fields.stream().map(i -> (RexNode) new RexInputRef(i, input.rowType().getFieldList().get(i).getType()))
                .toList();
    }

    /** The window aggregate's fields: the other keys, the aggregates, window_start, window_end, as the aggregate names them. */
    private static RelDataType outputType(LogicalAggregate aggregate, int[] keys, List<Integer> otherKeys, int start,
                                          int end) {
        List<Integer> order = new ArrayList<>();
        otherKeys.forEach(key -> order.add(indexOf(keys, key)));
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            order.add(keys.length + i);
        }
        order.add(indexOf(keys, start));
        order.add(indexOf(keys, end));
        var fields = aggregate.getRowType().getFieldList();
        return rowType(aggregate, order.stream().map(i -> fields.get(i).getName()).toList(),
                order.stream().map(i -> fields.get(i).getType()).toList());
    }

    /** The aggregate's order: its group fields as {@code keys} lists them, then the aggregates. */
    private static List<RexNode> backToAggregateOrder(LogicalAggregate aggregate, int[] keys, List<Integer> otherKeys,
                                                     int start, int aggregateCount) {
        var types = aggregate.getRowType().getFieldList();
        List<RexNode> fields = new ArrayList<>();
        int windowStart = otherKeys.size() + aggregateCount;
        for (int key : keys) {
            int source = otherKeys.contains(key) ? otherKeys.indexOf(key)
                    : key == start ? windowStart : windowStart + 1;
            fields.add(new RexInputRef(source, types.get(fields.size()).getType()));
        }
        for (int i = 0; i < aggregateCount; i++) {
            fields.add(new RexInputRef(otherKeys.size() + i, types.get(fields.size()).getType()));
        }
        return fields;
    }

    private static int indexOf(int[] keys, int key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a group key: " + key);
    }

    private static RelDataType rowType(LogicalAggregate aggregate, List<String> names, List<RelDataType> types) {
        RelDataTypeFactory.Builder builder = aggregate.getCluster().getTypeFactory().builder();
        for (int i = 0; i < names.size(); i++) {
            builder.add(names.get(i), types.get(i));
        }
        return builder.uniquify().build();
    }
}
