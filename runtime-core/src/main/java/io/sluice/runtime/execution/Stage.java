package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Plan nodes chained into one thread per subtask: either driven by a source, or by rows arriving
 * over {@link StageEdge}s from other stages. Nodes are kept in topological order.
 */
final class Stage {
    private final int id;
    private final int parallelism;
    private final ExecNodes.Source source;
    private final List<ExecNode> nodes = new ArrayList<>();
    private final List<StageEdge> inputs = new ArrayList<>();
    private final List<StageEdge> outputs = new ArrayList<>();

    Stage(int id, int parallelism, ExecNodes.Source source) {
        this.id = id;
        this.parallelism = parallelism;
        this.source = source;
    }

    int id() {
        return id;
    }

    int parallelism() {
        return parallelism;
    }

    /** The source driving this stage, or null when it reads from other stages. */
    ExecNodes.Source source() {
        return source;
    }

    List<ExecNode> nodes() {
        return nodes;
    }

    List<StageEdge> inputs() {
        return inputs;
    }

    List<StageEdge> outputs() {
        return outputs;
    }

    void add(ExecNode node) {
        nodes.add(node);
    }

    /** Thread name without the subtask, such as {@code Source[1] words -> Calc[2]}. */
    String name() {
        return nodes.stream().map(OperatorNames::of).collect(Collectors.joining(" -> "));
    }
}
