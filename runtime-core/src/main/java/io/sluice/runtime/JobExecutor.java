package io.sluice.runtime;

import io.sluice.api.data.Row;
import io.sluice.runtime.execution.JobRun;
import io.sluice.runtime.execution.KeyedOperators;
import io.sluice.runtime.plan.ExecPlan;
import java.util.function.Consumer;

/** Runs physical plans: the runtime's entry point. */
public final class JobExecutor {
    private JobExecutor() {
    }

    /**
     * Starts {@code plan} on threads of this process and returns at once.
     *
     * @param observer      told about progress about once a second and about the end
     * @param collectOutput receives every change of a plain SELECT (a plan with a collect node), in
     *                      order, from one thread; may be null for plans without one
     * @throws io.sluice.api.options.ValidationException when a connector's options or the checkpoint
     *                                                   to restore do not fit the plan
     */
    public static RunningJob submit(ExecPlan plan, JobObserver observer, Consumer<Row> collectOutput) {
        Consumer<Row> output = collectOutput != null ? collectOutput : row -> { };
        return JobRun.start(plan, observer != null ? observer : JobObserver.NONE, output, new KeyedOperators());
    }
}
