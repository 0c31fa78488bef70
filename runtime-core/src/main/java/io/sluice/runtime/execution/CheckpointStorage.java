package io.sluice.runtime.execution;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.state.StateCodec;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A job's checkpoint directory: {@code <root>/chk-N/_metadata}, written to {@code chk-N.tmp} first and
 * renamed, so a directory named {@code chk-N} is always complete. Keeps the newest few.
 *
 * <p>{@code _metadata} starts with {@link #MAGIC} and the format version, then holds the checkpoint in
 * {@link StateCodec}'s format. Versions: 1 and 2 were Java serialization (2: a source's position per
 * split); 3 is Sluice's own format, which later versions keep reading.
 */
final class CheckpointStorage {
    static final String METADATA = "_metadata";
    static final int FORMAT_VERSION = 3;
    private static final byte[] MAGIC = "SLUICE-CHECKPOINT\n".getBytes(StandardCharsets.US_ASCII);
    /** The first bytes of a Java serialization stream, as versions 1 and 2 wrote. */
    private static final int JAVA_SERIALIZATION = 0xACED;
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
        try (DataOutputStream out = new DataOutputStream(
                new BufferedOutputStream(Files.newOutputStream(temporary.resolve(METADATA))))) {
            out.write(MAGIC);
            out.writeInt(FORMAT_VERSION);
            StateCodec.write(checkpoint, out);
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
        try (DataInputStream in = new DataInputStream(
                new BufferedInputStream(Files.newInputStream(checkpoint.resolve(METADATA))))) {
            checkHeader(in, checkpoint);
            ClassLoader classes = Thread.currentThread().getContextClassLoader();
            Object read = StateCodec.read(in, classes != null ? classes : CheckpointStorage.class.getClassLoader());
            return new Loaded(checkpoint, (CompletedCheckpoint) read);
        } catch (IOException | ClassCastException e) {
            throw new ValidationException("Cannot read checkpoint '" + checkpoint + "': " + e.getMessage(), e);
        }
    }

    private static void checkHeader(DataInputStream in, Path checkpoint) throws IOException {
        byte[] magic = new byte[MAGIC.length];
        int read = in.readNBytes(magic, 0, magic.length);
        if (read >= 2 && ((magic[0] & 0xFF) << 8 | (magic[1] & 0xFF)) == JAVA_SERIALIZATION) {
            throw new ValidationException("Checkpoint '" + checkpoint + "' was written by an earlier version of Sluice"
                    + " (format 2 or older, Java serialization); this version reads format " + FORMAT_VERSION
                    + ". Start the job without restoring, or finish it with the version that wrote the checkpoint.");
        }
        if (read != MAGIC.length || !Arrays.equals(magic, MAGIC)) {
            throw new ValidationException("'" + checkpoint.resolve(METADATA) + "' is not a Sluice checkpoint");
        }
        int version = in.readInt();
        if (version != FORMAT_VERSION) {
            throw new ValidationException("Checkpoint '" + checkpoint + "' has format version " + version
                    + "; this version of Sluice reads version " + FORMAT_VERSION);
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
