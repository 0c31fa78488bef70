package io.sluice.runtime.execution;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.FactoryDiscovery;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The connectors of a job's sources, lookup tables and sinks, created once per job (restarts reuse them). */
final class JobConnectors {
    private final Map<Integer, ScanSource> sources = new HashMap<>();
    private final Map<Integer, TableSink> sinks = new HashMap<>();
    private final Map<Integer, LookupSource> lookups = new HashMap<>();

    JobConnectors(PlanTopology topology, Map<String, String> configuration) {
        for (ExecNode node : topology.ordered()) {
            if (node instanceof ExecNodes.Source source) {
                ScanSource created = factory(source.table(), source.options())
                        .createSource(context(source.table(), source.schema(), source.options(), configuration));
                sources.put(node.id(),
                        onlyDroppedUpdateBefore(topology, node) ? created.withoutUpdateBefore() : created);
            } else if (node instanceof ExecNodes.Sink sink) {
                sinks.put(node.id(), factory(sink.table(), sink.options())
                        .createSink(context(sink.table(), sink.schema(), sink.options(), configuration)));
            } else if (node instanceof ExecNodes.LookupJoin join) {
                lookups.put(node.id(), factory(join.table(), join.options())
                        .createLookupSource(context(join.table(), join.schema(), join.options(), configuration)));
            }
        }
    }

    /** True when every reader of {@code source} drops its -U rows: no one would see them. */
    private static boolean onlyDroppedUpdateBefore(PlanTopology topology, ExecNode source) {
        List<PlanTopology.Consumer> consumers = topology.consumersOf(source);
        return !consumers.isEmpty()
                && consumers.stream().allMatch(consumer -> consumer.node() instanceof ExecNodes.DropUpdateBefore);
    }

    private static DynamicTableFactory factory(ObjectIdentifier table, Map<String, String> options) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return FactoryDiscovery.find(table.toString(), options.get("connector"),
                loader != null ? loader : JobConnectors.class.getClassLoader());
    }

    private static FactoryContext context(ObjectIdentifier table, TableSchema schema, Map<String, String> options,
                                          Map<String, String> configuration) {
        return new FactoryContext(table, schema, new TableOptions(table, options), configuration);
    }

    ScanSource source(ExecNodes.Source node) {
        return sources.get(node.id());
    }

    LookupSource lookup(ExecNodes.LookupJoin node) {
        return lookups.get(node.id());
    }

    TableSink sink(ExecNodes.Sink node) {
        return sinks.get(node.id());
    }

    int sinkParallelism(ExecNodes.Sink node, int defaultParallelism) {
        return sink(node).parallelism().orElse(defaultParallelism);
    }
}
