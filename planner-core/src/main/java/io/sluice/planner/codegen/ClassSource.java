package io.sluice.planner.codegen;

import io.sluice.runtime.plan.GeneratedClass;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Assembles a generated class. Its name is the prefix plus a hash of everything else in the source, so
 * the same expressions always give the same class (and hit the runtime's compile cache) while
 * different ones never collide.
 */
final class ClassSource {
    private static final int HASH_BYTES = 8;

    private ClassSource() {
    }

    static GeneratedClass build(String namePrefix, Class<?> implemented, List<String> fields, String methods) {
        StringBuilder body = new StringBuilder(" implements ").append(implemented.getName()).append(" {\n");
        for (String field : fields) {
            body.append("  ").append(field).append('\n');
        }
        body.append('\n').append(indent(methods)).append("}\n");
        String className = identifier(namePrefix) + "$" + hash(body.toString());
        return new GeneratedClass(className, "public final class " + className + body);
    }

    /** Indents each line by its brace depth, so that the numbered source in errors reads well. */
    static String indent(String code) {
        StringBuilder text = new StringBuilder(code.length() * 2);
        int depth = 1;
        for (String line : code.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("}")) {
                depth--;
            }
            text.append("  ".repeat(Math.max(depth, 0))).append(trimmed).append('\n');
            if (trimmed.endsWith("{")) {
                depth++;
            }
        }
        return text.toString();
    }

    private static String identifier(String prefix) {
        StringBuilder name = new StringBuilder();
        for (char c : prefix.toCharArray()) {
            name.append(Character.isJavaIdentifierPart(c) && c != '$' ? c : '_');
        }
        if (name.length() == 0 || !Character.isJavaIdentifierStart(name.charAt(0))) {
            name.insert(0, 'G');
        }
        return name.toString();
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, HASH_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JVM provides no SHA-256 digest", e);
        }
    }
}
