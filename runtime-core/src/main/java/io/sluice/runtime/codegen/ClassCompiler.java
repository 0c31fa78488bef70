package io.sluice.runtime.codegen;

import io.sluice.runtime.plan.GeneratedClass;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles generated classes with Janino. Classes are cached by their source text, so every subtask
 * and every restart of the same plan compiles each class once per process.
 */
public final class ClassCompiler {
    /** Set to {@code true} (system property) to log every generated source before it is compiled. */
    public static final String DEBUG_PROPERTY = "sluice.codegen.debug";

    private static final Logger LOG = LoggerFactory.getLogger(ClassCompiler.class);
    private static final ConcurrentHashMap<Key, Class<?>> CACHE = new ConcurrentHashMap<>();

    private ClassCompiler() {
    }

    /** A new instance of the generated class, checked to implement {@code type}. */
    public static <T> T newInstance(GeneratedClass generated, Class<T> type) {
        Class<?> compiled = compile(generated);
        if (!type.isAssignableFrom(compiled)) {
            throw failed(generated, "does not implement " + type.getName(), null);
        }
        try {
            return type.cast(compiled.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new CodeGenerationException("Cannot instantiate generated class " + generated.className(), e);
        }
    }

    /**
     * The compiled class, from the cache when the same source was compiled before against the same
     * classes. Generated code sees the thread's context class loader: a session's jars ({@code ADD JAR})
     * hold the user-defined functions it calls.
     */
    public static Class<?> compile(GeneratedClass generated) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader parent = context != null ? context : ClassCompiler.class.getClassLoader();
        return CACHE.computeIfAbsent(new Key(parent, generated.source()), key -> doCompile(generated, parent));
    }

    private record Key(ClassLoader parent, String source) {
    }

    private static Class<?> doCompile(GeneratedClass generated, ClassLoader parent) {
        if (Boolean.getBoolean(DEBUG_PROPERTY)) {
            LOG.info("Generated class {}:\n{}", generated.className(), numbered(generated.source()));
        }
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.setParentClassLoader(parent);
        try {
            compiler.cook(generated.source());
            return compiler.getClassLoader().loadClass(generated.className());
        } catch (CompileException e) {
            throw failed(generated, "does not compile: " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw failed(generated, "is not declared by its source", e);
        }
    }

    /**
     * A failure of Sluice's code generation, not of the user's SQL: the message says what failed and
     * where the source can be seen; the source itself goes to the log, where it helps a bug report.
     */
    private static CodeGenerationException failed(GeneratedClass generated, String what, Exception cause) {
        LOG.debug("Generated class {}:\n{}", generated.className(), numbered(generated.source()));
        return new CodeGenerationException("Internal error: generated class " + generated.className() + " " + what
                + " (a bug in Sluice: please report it with the statement; with SLUICE_JAVA_OPTS=-D" + DEBUG_PROPERTY
                + "=true the log shows the generated source)", cause);
    }

    /** The source with line numbers, as compile errors show it. */
    static String numbered(String source) {
        String[] lines = source.split("\n", -1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            text.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return text.toString();
    }
}
