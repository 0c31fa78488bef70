package io.sluice.runtime.plan;

import java.util.List;
import java.util.Map;

/**
 * A physical plan ready to run: its roots (sinks, or one collect node) and the job configuration
 * ({@code SET} values such as {@code parallelism.default}) it was planned with.
 */
public record ExecPlan(List<ExecNode> roots, Map<String, String> configuration) {
    public ExecPlan {
        roots = List.copyOf(roots);
        configuration = Map.copyOf(configuration);
    }
}
