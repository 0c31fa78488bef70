package io.sluice.planner.physical;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A node of the physical stream plan: what EXPLAIN prints and what changelog inference annotates
 * before translation into the runtime's exec nodes. Nodes are immutable and compared by identity.
 */
public sealed interface PhysicalNode permits PhysicalNodes.TableSourceScan, PhysicalNodes.WatermarkAssigner,
        PhysicalNodes.Calc, PhysicalNodes.Exchange, PhysicalNodes.MiniBatchAssigner, PhysicalNodes.GroupAggregate,
        PhysicalNodes.LocalGroupAggregate, PhysicalNodes.GlobalGroupAggregate, PhysicalNodes.WindowAggregate,
        PhysicalNodes.Join, PhysicalNodes.LookupJoin, PhysicalNodes.Correlate, PhysicalNodes.TemporalJoin, PhysicalNodes.IntervalJoin, PhysicalNodes.WindowJoin, PhysicalNodes.OverAggregate, PhysicalNodes.Rank, PhysicalNodes.WindowRank, PhysicalNodes.WindowTableFunction, PhysicalNodes.Union, PhysicalNodes.ChangelogNormalize,
        PhysicalNodes.Sink, PhysicalNodes.Collect {

    List<PhysicalNode> inputs();

    RelDataType rowType();

    /** The node's name in EXPLAIN, such as {@code GroupAggregate}. */
    String name();

    /** Adds this node's EXPLAIN attributes, such as {@code groupBy=[word]}. */
    void explainTerms(ExplainTerms terms);

    <R> R accept(PhysicalVisitor<R> visitor);

    default PhysicalNode input() {
        return inputs().get(0);
    }

    default List<String> fieldNames() {
        return rowType().getFieldNames();
    }

    /** {@code GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt])}: the node as error messages name it. */
    default String describe() {
        ExplainTerms terms = new ExplainTerms();
        explainTerms(terms);
        return terms.nameOr(name()) + "(" + terms + ")";
    }
}
