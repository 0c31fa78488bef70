package io.sluice.planner.physical;

import io.sluice.planner.physical.PhysicalNodes.Calc;
import io.sluice.planner.physical.PhysicalNodes.ChangelogNormalize;
import io.sluice.planner.physical.PhysicalNodes.Collect;
import io.sluice.planner.physical.PhysicalNodes.Correlate;
import io.sluice.planner.physical.PhysicalNodes.TemporalJoin;
import io.sluice.planner.physical.PhysicalNodes.Exchange;
import io.sluice.planner.physical.PhysicalNodes.GlobalGroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.GroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.IntervalJoin;
import io.sluice.planner.physical.PhysicalNodes.Join;
import io.sluice.planner.physical.PhysicalNodes.LocalGroupAggregate;
import io.sluice.planner.physical.PhysicalNodes.LookupJoin;
import io.sluice.planner.physical.PhysicalNodes.MiniBatchAssigner;
import io.sluice.planner.physical.PhysicalNodes.OverAggregate;
import io.sluice.planner.physical.PhysicalNodes.Rank;
import io.sluice.planner.physical.PhysicalNodes.Sink;
import io.sluice.planner.physical.PhysicalNodes.TableSourceScan;
import io.sluice.planner.physical.PhysicalNodes.Union;
import io.sluice.planner.physical.PhysicalNodes.WatermarkAssigner;
import io.sluice.planner.physical.PhysicalNodes.WindowAggregate;
import io.sluice.planner.physical.PhysicalNodes.WindowJoin;
import io.sluice.planner.physical.PhysicalNodes.WindowRank;
import io.sluice.planner.physical.PhysicalNodes.WindowTableFunction;

/** One pass over the physical plan: a method per node type. */
public interface PhysicalVisitor<R> {
    R visit(TableSourceScan scan);

    R visit(WatermarkAssigner node);

    R visit(Calc calc);

    R visit(Exchange exchange);

    R visit(MiniBatchAssigner node);

    R visit(GroupAggregate aggregate);

    R visit(LocalGroupAggregate aggregate);

    R visit(GlobalGroupAggregate aggregate);

    R visit(WindowAggregate aggregate);

    R visit(Join join);

    R visit(LookupJoin join);

    R visit(Correlate correlate);

    R visit(TemporalJoin join);

    R visit(IntervalJoin join);

    R visit(WindowJoin join);

    R visit(OverAggregate aggregate);

    R visit(Rank rank);

    R visit(WindowRank rank);

    R visit(WindowTableFunction function);

    R visit(Union union);

    R visit(ChangelogNormalize normalize);

    R visit(Sink sink);

    R visit(Collect collect);
}
