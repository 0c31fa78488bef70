package io.sluice.runtime.plan;

import io.sluice.api.data.ChangelogMode;
import java.util.List;

/**
 * One operator of a physical plan as the runtime executes it. The planner builds these; the runtime
 * wires them into a dataflow. A node referenced by several parents (a shared source of a statement
 * set) runs once and feeds all of them. Nodes are plain data, so a plan can be written as JSON.
 */
public sealed interface ExecNode permits ExecNodes.Source, ExecNodes.WatermarkAssigner, ExecNodes.Calc,
        ExecNodes.Exchange, ExecNodes.MiniBatchAssigner, ExecNodes.DropUpdateBefore, ExecNodes.GroupAggregate,
        ExecNodes.LocalGroupAggregate, ExecNodes.GlobalGroupAggregate, ExecNodes.WindowAggregate, ExecNodes.Join,
        ExecNodes.LookupJoin, ExecNodes.OverAggregate, ExecNodes.IntervalJoin, ExecNodes.TemporalJoin, ExecNodes.WindowRank,
        ExecNodes.WindowTableFunction, ExecNodes.Correlate, ExecNodes.WindowJoin,        ExecNodes.Rank, ExecNodes.Union, ExecNodes.ChangelogNormalize, ExecNodes.SinkUpsertMaterializer,
        ExecNodes.Sink, ExecNodes.Collect {

    /** Unique within a plan; stable in JSON. */
    int id();

    List<ExecNode> inputs();

    RowType outputType();

    /** The kinds this node emits, as the planner derived them. */
    ChangelogMode changelogMode();
}
