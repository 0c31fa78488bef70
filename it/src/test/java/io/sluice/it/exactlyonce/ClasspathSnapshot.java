package io.sluice.it.exactlyonce;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A copy of this JVM's classpath that the killed and restored job processes run from: every run of a
 * job must be the same build (a checkpoint restores only into the same plan), also when a module is
 * rebuilt into the local repository while the test runs.
 */
final class ClasspathSnapshot {
    private ClasspathSnapshot() {
    }

    /** Copies every entry of {@code classpath} into {@code directory}; returns the copies' classpath. */
    static String copy(String classpath, Path directory) {
        List<String> copies = new ArrayList<>();
        int index = 0;
        for (String entry : classpath.split(File.pathSeparator)) {
            Path source = Path.of(entry);
            if (!Files.exists(source)) {
                continue;
            }
            Path target = directory.resolve(index++ + "-" + source.getFileName());
            copyRecursively(source, target);
            copies.add(target.toString());
        }
        return String.join(File.pathSeparator, copies);
    }

    private static void copyRecursively(Path source, Path target) {
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Files.copy(path, target.resolve(source.relativize(path).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + source + " for the job processes", e);
        }
    }
}
