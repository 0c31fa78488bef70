package io.sluice.runtime.execution;

import io.sluice.api.options.Secrets;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecPlan;
import io.sluice.runtime.plan.GeneratedClass;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What a checkpoint's state means: one line per plan node with every field of it (the operators, their
 * keys and state layouts, the tables and their schemas) except its table's options, of which only the
 * {@code connector} counts. A restore compares these lines, so that a new host, a rotated password or
 * another flush size does not make a checkpoint unrestorable, and a refusal names the nodes that differ.
 *
 * <p>The job's derived id hashes the options too, so that one script run against two databases keeps two
 * checkpoint directories, but never a secret: its value would otherwise be open to guessing against the id.
 */
record PlanFingerprint(List<String> nodes, String hash, String legacyHash, String jobIdentity) {
    private static final String OPTIONS = "options";
    private static final String CONNECTOR = "connector";

    static PlanFingerprint of(ExecPlan plan) {
        List<ExecNode> ordered = new PlanTopology(plan).ordered();
        List<String> nodes = describe(plan, ordered, PlanFingerprint::connectorOnly);
        return new PlanFingerprint(nodes, hash(nodes), hash(describe(plan, ordered, options -> options)),
                hash(describe(plan, ordered, PlanFingerprint::withoutSecrets)));
    }

    /**
     * Whether a checkpoint written with {@code checkpointHash} holds state of this plan. A checkpoint
     * written before connection and tuning options were left out carries the hash over all of them.
     */
    boolean matches(String checkpointHash) {
        return hash.equals(checkpointHash) || legacyHash.equals(checkpointHash);
    }

    /** The lines of {@code written} that this plan does not have, each with the line it has instead. */
    List<String> differencesFrom(List<String> written) {
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < Math.max(written.size(), nodes.size()); i++) {
            String was = i < written.size() ? written.get(i) : "(none)";
            String is = i < nodes.size() ? nodes.get(i) : "(none)";
            if (!was.equals(is)) {
                differences.add("checkpoint: " + was + "; this job: " + is);
            }
        }
        return differences;
    }

    private static List<String> describe(ExecPlan plan, List<ExecNode> ordered,
                                         Function<Map<?, ?>, Map<?, ?>> options) {
        List<String> lines = new ArrayList<>();
        for (ExecNode node : ordered) {
            lines.add(describe(node, options));
        }
        for (ExecNode root : plan.roots()) {
            lines.add("root " + root.id());
        }
        return lines;
    }

    private static String describe(ExecNode node, Function<Map<?, ?>, Map<?, ?>> options) {
        StringBuilder text = new StringBuilder(node.getClass().getSimpleName());
        for (RecordComponent component : node.getClass().getRecordComponents()) {
            try {
                Object value = component.getAccessor().invoke(node);
                if (component.getName().equals(OPTIONS) && value instanceof Map<?, ?> map) {
                    value = options.apply(map);
                }
                text.append(' ').append(component.getName()).append('=').append(canonical(value));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read " + component.getName() + " of plan node " + node.id(), e);
            }
        }
        return text.toString();
    }

    private static Map<?, ?> connectorOnly(Map<?, ?> options) {
        return options.containsKey(CONNECTOR) ? Map.of(CONNECTOR, options.get(CONNECTOR)) : Map.of();
    }

    private static Map<?, ?> withoutSecrets(Map<?, ?> options) {
        TreeMap<String, String> kept = new TreeMap<>();
        options.forEach((key, value) -> {
            if (!Secrets.isSecretKey(String.valueOf(key))) {
                kept.put(String.valueOf(key), Secrets.maskPasswordsIn(String.valueOf(value)));
            }
        });
        return kept;
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

    private static String hash(List<String> lines) {
        return hash(String.join("\n", lines) + "\n");
    }

    /** 16 hex digits of the SHA-256 of {@code text}, stable across processes. */
    static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
