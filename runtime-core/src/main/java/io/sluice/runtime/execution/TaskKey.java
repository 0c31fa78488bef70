package io.sluice.runtime.execution;

/** One subtask of one stage. */
record TaskKey(int stage, int subtask) {
}
