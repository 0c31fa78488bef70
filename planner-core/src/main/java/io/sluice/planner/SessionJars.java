package io.sluice.planner;

import io.sluice.api.options.ValidationException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * The jars a session added with {@code ADD JAR}, and the class loader that sees them: each jar a loader
 * of its own on top of the ones before, so classes a job already loaded stay what they were.
 */
final class SessionJars {
    private final List<Path> jars = new ArrayList<>();
    private ClassLoader loader;

    SessionJars(ClassLoader base) {
        this.loader = base;
    }

    ClassLoader loader() {
        return loader;
    }

    /** @throws ValidationException naming the path when it is no readable jar */
    void add(String path) {
        Path jar = Path.of(path).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new ValidationException("ADD JAR: '" + path + "' is not a file");
        }
        try (JarFile ignored = new JarFile(jar.toFile())) {
            // Opening it is the check: a jar that cannot be read fails here, not in a later statement.
        } catch (IOException e) {
            throw new ValidationException("ADD JAR: '" + path + "' is not a readable jar: " + e.getMessage());
        }
        if (jars.contains(jar)) {
            return;
        }
        try {
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, loader);
        } catch (MalformedURLException e) {
            throw new ValidationException("ADD JAR: '" + path + "' cannot be loaded: " + e.getMessage());
        }
        jars.add(jar);
    }

    List<String> list() {
        return jars.stream().map(Path::toString).toList();
    }
}
