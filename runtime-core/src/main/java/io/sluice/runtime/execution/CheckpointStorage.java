package io.sluice.runtime.execution;

import io.sluice.api.options.ValidationException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A job's checkpoint directory: {@code <root>/chk-N/_metadata}, written to {@code chk-N.tmp} first and
 * renamed, so a directory named {@code chk-N} is always complete. Keeps the newest few.
 */
final class CheckpointStorage {
    static final String METADATA = "_metadata";
    private static final String PREFIX = "chk-";
    private static final int RETAINED = 3;

    private final Path directory;

    CheckpointStorage(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** Writes the checkpoint atomically and removes all but the newest {@value #RETAINED}. */
    Path write(CompletedCheckpoint checkpoint) throws IOException {
        Path target = directory.resolve(PREFIX + checkpoint.checkpointId());
        Path temporary = directory.resolve(PREFIX + checkpoint.checkpointId() + ".tmp");
        deleteRecursively(temporary);
        Files.createDirectories(temporary);
        try (ObjectOutputStream out = new ObjectOutputStream(
                new BufferedOutputStream(Files.newOutputStream(temporary.resolve(METADATA))))) {
            out.writeObject(checkpoint);
        }
        deleteRecursively(target);
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        List<Path> completed = completed(directory);
        for (int i = 0; i < completed.size() - RETAINED; i++) {
            deleteRecursively(completed.get(i));
        }
        return target;
    }

    /**
     * Loads a checkpoint from {@code path}: a {@code chk-N} directory, or a job's checkpoint directory
     * (the newest completed one in it).
     *
     * @throws ValidationException when there is no readable checkpoint at the path
     */
    static Loaded load(Path path) {
        Path checkpoint = path;
        if (!Files.isRegularFile(path.resolve(METADATA))) {
            List<Path> completed = Files.isDirectory(path) ? completed(path) : List.of();
            if (completed.isEmpty()) {
                throw new ValidationException("No completed checkpoint at '" + path + "' ("
                        + ExecutionOptions.RESTORE_PATH.key() + "): expected a chk-N directory or a directory holding them");
            }
            checkpoint = completed.get(completed.size() - 1);
        }
        try (ObjectInputStream in = new ObjectInputStream(
                new BufferedInputStream(Files.newInputStream(checkpoint.resolve(METADATA))))) {
            return new Loaded(checkpoint, (CompletedCheckpoint) in.readObject());
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new ValidationException("Cannot read checkpoint '" + checkpoint + "': " + e, e);
        }
    }

    /** A checkpoint and where it was read from. */
    record Loaded(Path path, CompletedCheckpoint checkpoint) {
    }

    /** Completed checkpoint directories, oldest first. */
    private static List<Path> completed(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(directory)) {
            return children.filter(p -> isCheckpointName(p.getFileName().toString()))
                    .filter(p -> Files.isRegularFile(p.resolve(METADATA)))
                    .sorted(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(4))))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list checkpoints in " + directory, e);
        }
    }

    private static boolean isCheckpointName(String name) {
        return name.startsWith(PREFIX) && name.length() > PREFIX.length()
                && name.substring(PREFIX.length()).chars().allMatch(Character::isDigit);
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
