package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.IntStream;

/**
 * Cuts a plan into {@link Stage}s. A node joins the stage of its inputs (a direct call per row) unless
 * an Exchange lies between them, its inputs run in different stages, or it needs another parallelism
 * (a sink's own, 1 for collect); then it starts a stage fed over {@link StageEdge}s.
 */
final class StagePlanner {
    private final PlanTopology topology;
    private final int defaultParallelism;
    private final ToIntFunction<ExecNodes.Sink> sinkParallelism;
    private final Map<Integer, Stage> stageOf = new HashMap<>();
    private final List<Stage> stages = new ArrayList<>();

    /** One input of a node, with the Exchange nodes in between resolved. */
    private record Input(ExecNode from, ExecNodes.Exchange exchange) {
    }

    StagePlanner(PlanTopology topology, int defaultParallelism, ToIntFunction<ExecNodes.Sink> sinkParallelism) {
        this.topology = topology;
        this.defaultParallelism = defaultParallelism;
        this.sinkParallelism = sinkParallelism;
    }

    List<Stage> plan() {
        for (ExecNode node : topology.ordered()) {
            if (!(node instanceof ExecNodes.Exchange)) {
                place(node);
            }
        }
        for (Stage stage : stages) {
            stage.inputs().forEach(edge -> edge.fromStage().outputs().add(edge));
        }
        return stages;
    }

    private void place(ExecNode node) {
        if (node instanceof ExecNodes.Source source) {
            join(newStage(defaultParallelism, source), node);
            return;
        }
        List<Input> inputs = node.inputs().stream().map(StagePlanner::resolve).toList();
        Stage shared = sharedStage(inputs);
        int wanted = requiredParallelism(node);
        if (shared != null && (wanted < 0 || wanted == shared.parallelism())) {
            join(shared, node);
            return;
        }
        Stage stage = newStage(wanted >= 0 ? wanted : parallelismFrom(inputs), null);
        join(stage, node);
        for (int side = 0; side < inputs.size(); side++) {
            stage.inputs().add(edge(inputs.get(side), node, side, stage.parallelism()));
        }
    }

    private static Input resolve(ExecNode input) {
        ExecNode from = input;
        while (from instanceof ExecNodes.Exchange exchange) {
            from = exchange.input();
        }
        return new Input(from, input instanceof ExecNodes.Exchange exchange ? exchange : null);
    }

    /** The stage all inputs run in when they can be chained with the node, else null. */
    private Stage sharedStage(List<Input> inputs) {
        Stage shared = null;
        for (Input input : inputs) {
            Stage stage = stageOf.get(input.from().id());
            if (input.exchange() != null || (shared != null && shared != stage)) {
                return null;
            }
            shared = stage;
        }
        return shared;
    }

    private int requiredParallelism(ExecNode node) {
        if (node instanceof ExecNodes.Sink sink) {
            return sinkParallelism.applyAsInt(sink);
        }
        return node instanceof ExecNodes.Collect ? 1 : -1;
    }

    private int parallelismFrom(List<Input> inputs) {
        for (Input input : inputs) {
            if (input.exchange() != null) {
                return switch (input.exchange().distribution()) {
                    case HASH -> defaultParallelism;
                    case SINGLETON -> 1;
                    case FORWARD -> stageOf.get(input.from().id()).parallelism();
                };
            }
        }
        return stageOf.get(inputs.get(0).from().id()).parallelism();
    }

    private StageEdge edge(Input input, ExecNode to, int side, int parallelism) {
        Stage from = stageOf.get(input.from().id());
        ExecNodes.Exchange exchange = input.exchange();
        if (parallelism == 1) {
            return new StageEdge(input.from(), from, to, side, Routing.SINGLETON, new int[0]);
        }
        if (exchange != null && exchange.distribution() == ExecNodes.Distribution.HASH) {
            return new StageEdge(input.from(), from, to, side, Routing.HASH, exchange.keys());
        }
        if (from.parallelism() == parallelism && (exchange == null
                || exchange.distribution() == ExecNodes.Distribution.FORWARD)) {
            return new StageEdge(input.from(), from, to, side, Routing.FORWARD, new int[0]);
        }
        return new StageEdge(input.from(), from, to, side, Routing.HASH, rebalanceKeys(input.from(), to));
    }

    /**
     * Fields hashed when parallelism changes without an Exchange: a sink's primary key, so that all
     * changes of one key stay in order on one writer; else every field, which keeps a retraction with
     * the row it retracts.
     */
    private static int[] rebalanceKeys(ExecNode from, ExecNode to) {
        if (to instanceof ExecNodes.Sink sink && sink.schema().hasPrimaryKey()) {
            return sink.schema().primaryKeyIndexes();
        }
        return IntStream.range(0, from.outputType().arity()).toArray();
    }

    private Stage newStage(int parallelism, ExecNodes.Source source) {
        Stage stage = new Stage(stages.size(), parallelism, source);
        stages.add(stage);
        return stage;
    }

    private void join(Stage stage, ExecNode node) {
        stage.add(node);
        stageOf.put(node.id(), stage);
    }
}
