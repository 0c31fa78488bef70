package io.sluice.planner.changelog;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes.Calc;
import io.sluice.planner.physical.PhysicalNodes.ChangelogNormalize;
import io.sluice.planner.physical.PhysicalNodes.Collect;
import io.sluice.planner.physical.PhysicalNodes.Correlate;
import io.sluice.planner.physical.PhysicalNodes.Exchange;
import io.sluice.planner.physical.PhysicalNodes.GlobalGroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.GroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.IntervalJoin;
import io.sluice.planner.physical.PhysicalNodes.Join;
import io.sluice.planner.physical.PhysicalNodes.LookupJoin;
import io.sluice.planner.physical.PhysicalNodes.OverAggregate;
import io.sluice.planner.physical.PhysicalNodes.LocalGroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.MiniBatchAssigner;
import io.sluice.planner.physical.PhysicalNodes.Rank;
import io.sluice.planner.physical.PhysicalNodes.Sink;
import io.sluice.planner.physical.PhysicalNodes.TableSourceScan;
import io.sluice.planner.physical.PhysicalNodes.TemporalJoin;
import io.sluice.planner.physical.PhysicalNodes.Union;
import io.sluice.planner.physical.PhysicalNodes.WatermarkAssigner;
import io.sluice.planner.physical.PhysicalNodes.WindowAggregate;
import io.sluice.planner.physical.PhysicalNodes.WindowJoin;
import io.sluice.planner.physical.PhysicalNodes.WindowRank;
import io.sluice.planner.physical.PhysicalNodes.WindowTableFunction;
import io.sluice.planner.physical.PhysicalVisitor;
import io.sluice.runtime.plan.ExecNodes.OverOrder;
import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Step 1, bottom-up: the kinds of change each node can produce, from the sources'
 * changelog modes. An aggregate always produces updates, and deletes when its input retracts.
 */
final class ModifyKindInference implements PhysicalVisitor<Set<ModifyKind>> {
    private final Map<PhysicalNode, Set<ModifyKind>> kinds = new IdentityHashMap<>();

    Set<ModifyKind> of(PhysicalNode node) {
        Set<ModifyKind> known = kinds.get(node);
        if (known != null) {
            return known;
        }
        Set<ModifyKind> computed = EnumSet.copyOf(node.accept(this));
        kinds.put(node, computed);
        return computed;
    }

    static Set<ModifyKind> fromMode(ChangelogMode mode) {
        Set<ModifyKind> result = EnumSet.noneOf(ModifyKind.class);
        if (mode.contains(RowKind.INSERT)) {
            result.add(ModifyKind.INSERT);
        }
        if (mode.contains(RowKind.UPDATE_AFTER) || mode.contains(RowKind.UPDATE_BEFORE)) {
            result.add(ModifyKind.UPDATE);
        }
        if (mode.contains(RowKind.DELETE)) {
            result.add(ModifyKind.DELETE);
        }
        return result;
    }

    static boolean isInsertOnly(Set<ModifyKind> kinds) {
        return !kinds.contains(ModifyKind.UPDATE) && !kinds.contains(ModifyKind.DELETE);
    }

    private Set<ModifyKind> aggregate(PhysicalNode input) {
        Set<ModifyKind> result = EnumSet.of(ModifyKind.INSERT, ModifyKind.UPDATE);
        if (!isInsertOnly(of(input))) {
            result.add(ModifyKind.DELETE);
        }
        return result;
    }

    @Override
    public Set<ModifyKind> visit(TableSourceScan scan) {
        return fromMode(scan.source().getChangelogMode());
    }

    @Override
    public Set<ModifyKind> visit(WatermarkAssigner node) {
        return of(node.input());
    }

    @Override
    public Set<ModifyKind> visit(Calc calc) {
        return of(calc.input());
    }

    @Override
    public Set<ModifyKind> visit(Exchange exchange) {
        return of(exchange.input());
    }

    @Override
    public Set<ModifyKind> visit(MiniBatchAssigner node) {
        return of(node.input());
    }

    @Override
    public Set<ModifyKind> visit(GroupAggregate aggregate) {
        return aggregate(aggregate.input());
    }

    @Override
    public Set<ModifyKind> visit(LocalGroupAggregate aggregate) {
        return of(aggregate.input());
    }

    @Override
    public Set<ModifyKind> visit(GlobalGroupAggregate aggregate) {
        return aggregate(aggregate.input());
    }

    /**
     * A window fires once, when the watermark (or the clock) passes its end: what reached it before then,
     * updates and deletes taken back included, makes its one insert; a change for a window already fired is late.
     */
    @Override
    public Set<ModifyKind> visit(WindowAggregate aggregate) {
        of(aggregate.input());
        return EnumSet.of(ModifyKind.INSERT);
    }

    /** {@code node} consumes only inserts, and emits only inserts. */
    private Set<ModifyKind> insertOnly(PhysicalNode node, PhysicalNode inputNode) {
        Set<ModifyKind> input = of(inputNode);
        if (!isInsertOnly(input)) {
            throw new ValidationException(node.name() + " doesn't support consuming " + changeTypes(input)
                    + " changes which is produced by node " + UpdateOrigin.find(inputNode, this).describe());
        }
        return EnumSet.of(ModifyKind.INSERT);
    }

    @Override
    public Set<ModifyKind> visit(Join join) {
        if (join.joinType() != io.sluice.runtime.plan.ExecNodes.JoinType.INNER) {
            return EnumSet.allOf(ModifyKind.class);
        }
        Set<ModifyKind> result = EnumSet.copyOf(of(join.left()));
        result.addAll(of(join.right()));
        return result;
    }

    @Override
    public Set<ModifyKind> visit(IntervalJoin join) {
        insertOnly(join, join.left());
        return insertOnly(join, join.right());
    }

    @Override
    public Set<ModifyKind> visit(WindowJoin join) {
        insertOnly(join, join.left());
        return insertOnly(join, join.right());
    }

    /** Each row's function rows carry its kind: an update or delete takes back what the old row gave. */
    @Override
    public Set<ModifyKind> visit(Correlate correlate) {
        return of(correlate.input());
    }

    /** One output row per left row, with its kind; the versions only fill in its right fields. */
    @Override
    public Set<ModifyKind> visit(TemporalJoin join) {
        of(join.right());
        return of(join.left());
    }

    @Override
    public Set<ModifyKind> visit(LookupJoin join) {
        return insertOnly(join, join.input());
    }

    /**
     * Insert-only input ordered by time gives insert-only output; otherwise a change updates the rows
     * ordered after it.
     */
    @Override
    public Set<ModifyKind> visit(OverAggregate aggregate) {
        boolean byTime = aggregate.order() != OverOrder.CHANGELOG;
        return byTime && isInsertOnly(of(aggregate.input())) ? EnumSet.of(ModifyKind.INSERT)
                : EnumSet.allOf(ModifyKind.class);
    }

    /**
     * TUMBLE, HOP and CUMULATE append a row's windows to it and keep its kind; SESSION holds rows until their
     * session closes, so it can only hold inserts.
     */
    @Override
    public Set<ModifyKind> visit(WindowTableFunction function) {
        if (function.window().kind() == WindowKind.SESSION) {
            return insertOnly(function, function.input());
        }
        return of(function.input());
    }

    @Override
    public Set<ModifyKind> visit(WindowRank rank) {
        return insertOnly(rank, rank.input());
    }

    @Override
    public Set<ModifyKind> visit(Rank rank) {
        Set<ModifyKind> input = of(rank.input());
        if ((rank.firstArrivalsWin() || rank.firstRowOnWatermark()) && input.equals(EnumSet.of(ModifyKind.INSERT))) {
            // the first rows to arrive keep their ranks for good, as Flink's keep-first deduplication on PROCTIME;
            // on event time each key's first row is emitted once the watermark passes it
            return EnumSet.of(ModifyKind.INSERT);
        }
        return EnumSet.allOf(ModifyKind.class);
    }

    @Override
    public Set<ModifyKind> visit(Union union) {
        Set<ModifyKind> result = EnumSet.noneOf(ModifyKind.class);
        union.inputs().forEach(input -> result.addAll(of(input)));
        return result;
    }

    @Override
    public Set<ModifyKind> visit(ChangelogNormalize normalize) {
        Set<ModifyKind> result = EnumSet.of(ModifyKind.INSERT, ModifyKind.UPDATE);
        if (of(normalize.input()).contains(ModifyKind.DELETE)) {
            result.add(ModifyKind.DELETE);
        }
        return result;
    }

    @Override
    public Set<ModifyKind> visit(Sink sink) {
        return EnumSet.copyOf(of(sink.input()));
    }

    @Override
    public Set<ModifyKind> visit(Collect collect) {
        return EnumSet.copyOf(of(collect.input()));
    }

    /** {@code update}, {@code delete} or {@code update and delete}, as Flink's messages say. */
    static String changeTypes(Set<ModifyKind> kinds) {
        boolean update = kinds.contains(ModifyKind.UPDATE);
        boolean delete = kinds.contains(ModifyKind.DELETE);
        return update && delete ? "update and delete" : update ? "update" : "delete";
    }
}
