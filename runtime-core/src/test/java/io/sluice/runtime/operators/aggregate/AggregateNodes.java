package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.util.ArrayList;
import java.util.List;

/** Plan nodes and aggregate calls for operator tests, as the planner would build them. */
final class AggregateNodes {
    private AggregateNodes() {
    }

    static AggregateCall countStar() {
        return new AggregateCall(AggFunction.COUNT, -1, false, false, null, LogicalType.bigint().notNull(), "cnt");
    }

    static AggregateCall call(AggFunction function, int arg, LogicalType argType, LogicalType resultType) {
        return new AggregateCall(function, arg, false, true, argType, resultType, function.name().toLowerCase());
    }

    static AggregateCall insertOnly(AggFunction function, int arg, LogicalType argType, LogicalType resultType) {
        return new AggregateCall(function, arg, false, false, argType, resultType, function.name().toLowerCase());
    }

    static AggregateCall countDistinct(int arg, LogicalType argType) {
        return new AggregateCall(AggFunction.COUNT, arg, true, true, argType, LogicalType.bigint().notNull(), "d");
    }

    static ExecNodes.GroupAggregate groupAgg(int[] keys, List<AggregateCall> calls, boolean updateBefore,
                                             boolean miniBatch, long ttlMillis) {
        return new ExecNodes.GroupAggregate(1, null, keys, calls, updateBefore, miniBatch, ttlMillis,
                outputType(keys.length, calls), ChangelogMode.all());
    }

    static ExecNodes.GroupAggregate groupAgg(int[] keys, AggregateCall... calls) {
        return groupAgg(keys, List.of(calls), true, false, 0);
    }

    static RowType outputType(int keyCount, List<AggregateCall> calls) {
        List<String> names = new ArrayList<>();
        List<LogicalType> types = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            names.add("k" + i);
            types.add(LogicalType.string());
        }
        for (AggregateCall call : calls) {
            names.add(call.name() + names.size());
            types.add(call.resultType());
        }
        return new RowType(names, types);
    }
}
