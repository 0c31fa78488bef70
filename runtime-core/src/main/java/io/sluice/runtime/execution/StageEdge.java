package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;

/**
 * Rows of {@code from} (in {@code fromStage}) crossing threads into input {@code side} of {@code to}.
 * {@code keys} are the hashed fields for {@link Routing#HASH}.
 */
record StageEdge(ExecNode from, Stage fromStage, ExecNode to, int side, Routing routing, int[] keys) {
}
