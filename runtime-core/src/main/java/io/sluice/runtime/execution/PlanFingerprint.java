package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecPlan;
import io.sluice.runtime.plan.GeneratedClass;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A hash of a plan's structure (every node's fields, the configuration left out), stable across
 * processes: it ties checkpoints to the plan that wrote them and names the job when
 * {@code pipeline.name} is not set.
 */
public final class PlanFingerprint {
    private PlanFingerprint() {
    }

    /** 16 hex digits. */
    public static String of(ExecPlan plan) {
        StringBuilder text = new StringBuilder();
        for (ExecNode node : new PlanTopology(plan).ordered()) {
            describe(node, text);
            text.append('\n');
        }
        for (ExecNode root : plan.roots()) {
            text.append("root ").append(root.id()).append('\n');
        }
        return sha256(text.toString()).substring(0, 16);
    }

    private static void describe(ExecNode node, StringBuilder text) {
        text.append(node.getClass().getSimpleName());
        for (RecordComponent component : node.getClass().getRecordComponents()) {
            try {
                Object value = component.getAccessor().invoke(node);
                text.append(' ').append(component.getName()).append('=').append(canonical(value));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read " + component.getName() + " of plan node " + node.id(), e);
            }
        }
    }

    private static String canonical(Object value) {
        if (value instanceof ExecNode node) {
            return "#" + node.id();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(PlanFingerprint::canonical).toList().toString();
        }
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, String> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), canonical(v)));
            return sorted.toString();
        }
        if (value instanceof int[] array) {
            return Arrays.toString(array);
        }
        if (value instanceof GeneratedClass generated) {
            return generated.className() + "{" + generated.source() + "}";
        }
        return String.valueOf(value);
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
