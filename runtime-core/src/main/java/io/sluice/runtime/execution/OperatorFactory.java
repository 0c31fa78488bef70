package io.sluice.runtime.execution;

import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.plan.ExecNode;

/**
 * Creates the operator instance of one subtask for a keyed plan node (aggregations, windows, joins,
 * ranks, normalisation, upsert materialisation); the runtime creates the other nodes' operators itself.
 */
@FunctionalInterface
public interface OperatorFactory {

    StreamOperator create(ExecNode node);
}
