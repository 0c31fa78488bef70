package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.StreamOperator;
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
    private final String fingerprint;
    private final String jobId;
    private final OperatorFactory keyedOperators;
    private final Consumer<Row> collectOutput;

    JobSetup(ExecPlan plan, OperatorFactory keyedOperators, Consumer<Row> collectOutput) {
        this.options = new ExecutionOptions(plan.configuration());
        this.topology = new PlanTopology(plan);
        this.connectors = new JobConnectors(topology, plan.configuration());
        int parallelism = options.parallelism();
        this.stages = new StagePlanner(topology, parallelism,
                sink -> connectors.sinkParallelism(sink, parallelism)).plan();
        this.fingerprint = PlanFingerprint.of(plan);
        String name = options.get(ExecutionOptions.PIPELINE_NAME);
        this.jobId = name == null || name.isBlank() ? "job-" + fingerprint : name.trim().replaceAll("[^A-Za-z0-9._-]", "_");
        this.keyedOperators = keyedOperators;
        this.collectOutput = collectOutput;
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

    String fingerprint() {
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
        if (node instanceof ExecNodes.Source source) {
            return new SourceProjection(source);
        }
        if (node instanceof ExecNodes.WatermarkAssigner assigner) {
            return new WatermarkAssignerOperator(assigner);
        }
        if (node instanceof ExecNodes.Calc calc) {
            return new CalcOperator(calc);
        }
        if (node instanceof ExecNodes.MiniBatchAssigner assigner) {
            return new MiniBatchAssignerOperator(assigner);
        }
        if (node instanceof ExecNodes.Union) {
            return new UnionOperator();
        }
        if (node instanceof ExecNodes.DropUpdateBefore) {
            return new DropUpdateBeforeOperator();
        }
        if (node instanceof ExecNodes.Sink sink) {
            return new SinkOperator(sink, connectors.sink(sink), options.checkpointIntervalMillis() > 0, jobId,
                    failureHandler);
        }
        if (node instanceof ExecNodes.Collect) {
            return new CollectOperator(collectOutput);
        }
        return keyedOperators.create(node);
    }
}
