package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ProcessingTimeAware;

/**
 * A runtime operator that sends markers itself (watermarks, mini-batch bundle ends), also when no
 * row arrives: driven by {@link #onProcessingTime}.
 */
interface MarkerSource extends ProcessingTimeAware {

    /** Where the operator sends its markers; called once before the first row. */
    void attach(Downstream downstream);

    /** True when the operator makes its own watermarks, so those arriving from its input are dropped. */
    default boolean replacesWatermarks() {
        return false;
    }
}
