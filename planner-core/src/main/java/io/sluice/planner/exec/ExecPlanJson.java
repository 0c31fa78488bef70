package io.sluice.planner.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes an {@link ExecPlan} as JSON and reads it back: a versioned document listing every node once
 * (inputs before the nodes that read them, referenced by id, so shared sources stay shared), then the
 * root ids and the configuration. Node fields are written by name, as the node records declare them.
 */
public final class ExecPlanJson {
    /** The format's version; a reader rejects documents of other versions. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ExecPlanJson() {
    }

    public static String write(ExecPlan plan) {
        Map<ExecNode, Integer> written = new IdentityHashMap<>();
        ArrayNode nodes = MAPPER.createArrayNode();
        plan.roots().forEach(root -> writeNode(root, written, nodes));
        ObjectNode document = MAPPER.createObjectNode().put("version", VERSION);
        document.set("nodes", nodes);
        ArrayNode roots = document.putArray("roots");
        plan.roots().forEach(root -> roots.add(root.id()));
        ObjectNode configuration = document.putObject("configuration");
        new java.util.TreeMap<>(plan.configuration()).forEach(configuration::put);
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeNode(ExecNode node, Map<ExecNode, Integer> written, ArrayNode nodes) {
        if (written.containsKey(node)) {
            return;
        }
        node.inputs().forEach(input -> writeNode(input, written, nodes));
        ObjectNode json = RecordCodec.write((Record) node);
        json.put("type", node.getClass().getSimpleName());
        nodes.add(json);
        written.put(node, node.id());
    }

    /**
     * @throws IllegalArgumentException when the text is not a plan of {@link #VERSION}
     */
    public static ExecPlan read(String json) {
        JsonNode document;
        try {
            document = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("Not a JSON plan: " + e.getMessage(), e);
        }
        int version = document.path("version").asInt(-1);
        if (version != VERSION) {
            throw new IllegalArgumentException("Plan version " + version + " is not supported (expected " + VERSION + ")");
        }
        Map<Integer, ExecNode> nodes = new HashMap<>();
        for (JsonNode nodeJson : document.get("nodes")) {
            ExecNode node = (ExecNode) RecordCodec.read(nodeClass(nodeJson.get("type").asText()), nodeJson, nodes);
            nodes.put(node.id(), node);
        }
        java.util.List<ExecNode> roots = new java.util.ArrayList<>();
        document.get("roots").forEach(id -> roots.add(nodes.get(id.asInt())));
        Map<String, String> configuration = new LinkedHashMap<>();
        document.get("configuration").fields().forEachRemaining(e -> configuration.put(e.getKey(), e.getValue().asText()));
        return new ExecPlan(roots, configuration);
    }

    private static Class<?> nodeClass(String type) {
        for (Class<?> candidate : ExecNodes.class.getDeclaredClasses()) {
            if (candidate.getSimpleName().equals(type) && ExecNode.class.isAssignableFrom(candidate)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("Unknown node type '" + type + "'");
    }
}
