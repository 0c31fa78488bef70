package io.sluice.planner.changelog;

import io.sluice.planner.codegen.RexProperties;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import io.sluice.runtime.plan.ExecNodes.Distribution;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The upsert keys of each node: sets of output fields that identify a row of its changelog. Group keys
 * of aggregates (with window_start and window_end for windows), primary keys of sources, partition keys
 * of ranks, join key combinations; kept through projections that keep every key field (also renamed or
 * cast without loss), lost otherwise; kept through a hash exchange or a join only when they hold its
 * distribution keys.
 */
public final class UpsertKeyDerivation {
    private final Map<PhysicalNode, Set<ImmutableBitSet>> keys = new IdentityHashMap<>();

    public Set<ImmutableBitSet> of(PhysicalNode node) {
        Set<ImmutableBitSet> known = keys.get(node);
        if (known == null) {
            known = Set.copyOf(derive(node));
            keys.put(node, known);
        }
        return known;
    }

    private Set<ImmutableBitSet> derive(PhysicalNode node) {
        if (node instanceof PhysicalNodes.TableSourceScan scan) {
            return scanKeys(scan);
        }
        if (node instanceof PhysicalNodes.Calc calc) {
            return calcKeys(calc);
        }
        if (node instanceof PhysicalNodes.GroupAggregate aggregate) {
            return Set.of(ImmutableBitSet.range(aggregate.groupKeys().length));
        }
        if (node instanceof PhysicalNodes.GlobalGroupAggregate aggregate) {
            return Set.of(ImmutableBitSet.range(aggregate.groupKeys().length));
        }
        if (node instanceof PhysicalNodes.WindowAggregate window) {
            int windowStart = window.groupKeys().length + window.aggregates().size();
            return Set.of(ImmutableBitSet.range(window.groupKeys().length).union(
                    ImmutableBitSet.of(windowStart, windowStart + 1)));
        }
        if (node instanceof PhysicalNodes.ChangelogNormalize normalize) {
            return Set.of(ImmutableBitSet.of(normalize.keys()));
        }
        if (node instanceof PhysicalNodes.Rank rank) {
            return rankKeys(rank);
        }
        if (node instanceof PhysicalNodes.Join join) {
            return joinKeys(join);
        }
        if (node instanceof PhysicalNodes.Exchange exchange && exchange.distribution() == Distribution.HASH) {
            return containing(of(exchange.input()), exchange.keys());
        }
        if (node instanceof PhysicalNodes.OverAggregate over) {
            // each output row is an input row with its aggregates: the input's keys identify it
            return of(over.input());
        }
        if (node instanceof PhysicalNodes.Exchange || node instanceof PhysicalNodes.MiniBatchAssigner
                || node instanceof PhysicalNodes.WatermarkAssigner || node instanceof PhysicalNodes.Sink
                || node instanceof PhysicalNodes.Collect) {
            return of(node.input());
        }
        return Set.of();
    }

    private static Set<ImmutableBitSet> scanKeys(PhysicalNodes.TableSourceScan scan) {
        List<String> fields = scan.fieldNames();
        List<String> primaryKey = scan.table().schema().primaryKey();
        if (primaryKey.isEmpty() || !fields.containsAll(primaryKey)) {
            return Set.of();
        }
        return Set.of(ImmutableBitSet.of(primaryKey.stream().mapToInt(fields::indexOf).toArray()));
    }

    private Set<ImmutableBitSet> calcKeys(PhysicalNodes.Calc calc) {
        Map<Integer, Integer> outputOf = new HashMap<>();
        List<RexNode> projects = calc.projects();
        for (int i = projects.size() - 1; i >= 0; i--) {
            OptionalInt source = RexProperties.injectiveInputRef(projects.get(i));
            if (source.isPresent()) {
                outputOf.put(source.getAsInt(), i);
            }
        }
        Set<ImmutableBitSet> result = new LinkedHashSet<>();
        for (ImmutableBitSet key : of(calc.input())) {
            if (key.asList().stream().allMatch(outputOf::containsKey)) {
                result.add(ImmutableBitSet.of(key.asList().stream().mapToInt(outputOf::get).toArray()));
            }
        }
        return result;
    }

    private Set<ImmutableBitSet> rankKeys(PhysicalNodes.Rank rank) {
        ImmutableBitSet partition = ImmutableBitSet.of(rank.partitionKeys());
        if (rank.rankEnd() == 1) {
            return Set.of(partition);
        }
        if (rank.outputRankNumber()) {
            return Set.of(partition.set(rank.input().rowType().getFieldCount()));
        }
        return of(rank.input());
    }

    /**
     * A hash exchange sends the changes of one key to one subtask only when the key holds the
     * distribution keys. Otherwise a row whose distribution value changes is retracted on one subtask
     * and added on another, and nothing downstream keeps the two in order: such a key no longer says
     * which change of a row came last.
     */
    private static Set<ImmutableBitSet> containing(Set<ImmutableBitSet> keys, int[] distributionKeys) {
        ImmutableBitSet distribution = ImmutableBitSet.of(distributionKeys);
        Set<ImmutableBitSet> kept = new LinkedHashSet<>();
        keys.stream().filter(key -> key.contains(distribution)).forEach(kept::add);
        return kept;
    }

    private Set<ImmutableBitSet> joinKeys(PhysicalNodes.Join join) {
        int offset = join.left().rowType().getFieldCount();
        Set<ImmutableBitSet> leftKeys = containing(of(join.left()), join.leftKeys());
        Set<ImmutableBitSet> rightKeys = containing(of(join.right()), join.rightKeys()).stream()
                .map(k -> k.shift(offset)).collect(java.util.stream.Collectors.toSet());
        Set<ImmutableBitSet> result = new LinkedHashSet<>();
        for (ImmutableBitSet left : leftKeys) {
            rightKeys.forEach(right -> result.add(left.union(right)));
        }
        if (uniqueOn(of(join.right()), join.rightKeys()) && join.joinType() != JoinType.FULL
                && join.joinType() != JoinType.RIGHT) {
            result.addAll(leftKeys);
        }
        if (uniqueOn(of(join.left()), join.leftKeys()) && join.joinType() != JoinType.FULL
                && join.joinType() != JoinType.LEFT) {
            result.addAll(rightKeys);
        }
        return result;
    }

    private static boolean uniqueOn(Set<ImmutableBitSet> keys, int[] joinKeys) {
        ImmutableBitSet joined = ImmutableBitSet.of(Arrays.stream(joinKeys).toArray());
        return keys.stream().anyMatch(joined::contains);
    }
}
