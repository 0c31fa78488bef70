package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.operators.join.LookupJoinOperator;
import io.sluice.runtime.operators.correlate.CorrelateOperator;
import io.sluice.runtime.operators.window.SessionTableFunctionOperator;
import io.sluice.runtime.operators.window.WindowTableFunctionOperator;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What every attempt of a job shares: the plan cut into stages, the connectors, the job id and how
 * operators are made.
 */
final class JobSetup {
    private final ExecutionOptions options;
    private final PlanTopology topology;
    private final JobConnectors connectors;
    private final List<Stage> stages;
    private final PlanFingerprint fingerprint;
    private final String jobId;
    private final OperatorFactory keyedOperators;
    private final Consumer<Row> collectOutput;
    private final OperatorTable<Consumer<Throwable>> operators;

    JobSetup(ExecPlan plan, OperatorFactory keyedOperators, Consumer<Row> collectOutput) {
        this.options = new ExecutionOptions(plan.configuration());
        this.topology = new PlanTopology(plan);
        this.connectors = new JobConnectors(topology, plan.configuration());
        int parallelism = options.parallelism();
        this.stages = new StagePlanner(topology, parallelism,
                sink -> connectors.sinkParallelism(sink, parallelism)).plan();
        this.fingerprint = PlanFingerprint.of(plan);
        String name = options.get(ExecutionOptions.PIPELINE_NAME);
        this.jobId = name == null || name.isBlank() ? "job-" + fingerprint.jobIdentity() : jobId(name.trim());
        this.keyedOperators = keyedOperators;
        this.collectOutput = collectOutput;
        this.operators = unkeyedOperators();
    }

    /**
     * {@code pipeline.name} as a directory name and progress-row key: as it is when it has only letters,
     * digits, {@code .}, {@code _} and {@code -}; else with each other character replaced by {@code _} and
     * a hash of the name added, so that names differing only there ({@code 'rel a'}, {@code 'rel/a'}) do
     * not share checkpoints.
     */
    static String jobId(String pipelineName) {
        String safe = pipelineName.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.equals(pipelineName) ? safe : safe + "-" + PlanFingerprint.hash(pipelineName).substring(0, 8);
    }

    ExecutionOptions options() {
        return options;
    }

    PlanTopology topology() {
        return topology;
    }

    JobConnectors connectors() {
        return connectors;
    }

    List<Stage> stages() {
        return stages;
    }

    PlanFingerprint fingerprint() {
        return fingerprint;
    }

    String jobId() {
        return jobId;
    }

    /** The parallelism each plan node runs with, which a restored checkpoint must match. */
    Map<Integer, Integer> nodeParallelism() {
        Map<Integer, Integer> parallelism = new HashMap<>();
        for (Stage stage : stages) {
            stage.nodes().forEach(node -> parallelism.put(node.id(), stage.parallelism()));
        }
        return parallelism;
    }

    /** A new operator instance for one subtask of {@code node}. */
    StreamOperator createOperator(ExecNode node, Consumer<Throwable> failureHandler) {
        return operators.has(node) ? operators.create(node, failureHandler) : keyedOperators.create(node);
    }

    /** A SESSION keeps rows until their sessions end; the other windows are known from each row alone. */
    private static StreamOperator windowTableFunction(ExecNodes.WindowTableFunction node) {
        return node.window() == ExecNodes.WindowKind.SESSION ? new SessionTableFunctionOperator(node)
                : new WindowTableFunctionOperator(node);
    }

    /** The operators the runtime makes itself; the keyed ones come from the job's {@link OperatorFactory}. */
    private OperatorTable<Consumer<Throwable>> unkeyedOperators() {
        return new OperatorTable<Consumer<Throwable>>()
                .with(ExecNodes.Source.class, (node, failures) -> new SourceProjection(node))
                .with(ExecNodes.WatermarkAssigner.class, (node, failures) -> new WatermarkAssignerOperator(node))
                .with(ExecNodes.Calc.class, (node, failures) -> new CalcOperator(node))
                .with(ExecNodes.MiniBatchAssigner.class, (node, failures) -> new MiniBatchAssignerOperator(node))
                .with(ExecNodes.Union.class, (node, failures) -> new UnionOperator())
                .with(ExecNodes.DropUpdateBefore.class, (node, failures) -> new DropUpdateBeforeOperator())
                .with(ExecNodes.WindowTableFunction.class, (node, failures) -> windowTableFunction(node))
                .with(ExecNodes.Correlate.class, (node, failures) -> new CorrelateOperator(node))
                .with(ExecNodes.LookupJoin.class, (node, failures) -> new LookupJoinOperator(node,
                        connectors.lookup(node)))
                .with(ExecNodes.Sink.class, (node, failures) -> new SinkOperator(node, connectors.sink(node),
                        options.checkpointIntervalMillis() > 0, jobId, failures))
                .with(ExecNodes.Collect.class, (node, failures) -> new CollectOperator(collectOutput));
    }
}
