package io.sluice.planner.physical;

import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.logical.LogicalAggregate;

/** Recognises GROUP BY window_start, window_end over a TUMBLE or HOP table function. */
final class WindowAggregateConversion {
    private WindowAggregateConversion() {
    }

    static Optional<PhysicalNode> convert(PhysicalPlanner planner, LogicalAggregate aggregate, List<AggSpec> calls) {
        return Optional.empty();
    }
}
