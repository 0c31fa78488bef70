package io.sluice.runtime.execution;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.state.StateCodec;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * A job's checkpoint directory: {@code <root>/chk-N/_metadata}, written to {@code chk-N.tmp} first and
 * renamed, so a directory named {@code chk-N} is always complete. Keeps the newest few.
 *
 * <p>{@code _metadata} starts with {@link #MAGIC} and the format version, then holds the checkpoint in
 * {@link StateCodec}'s format, then the length of that body and its CRC-32C, so that a file cut short or
 * with a flipped bit is refused instead of restored into wrong rows. Versions: 1 and 2 were Java
 * serialization (2: a source's position per split); 3 is Sluice's own format without the trailer; 4
 * adds it. Version 3 is still read.
 */
final class CheckpointStorage {
    static final String METADATA = "_metadata";
    static final int FORMAT_VERSION = 4;
    private static final int WITHOUT_CHECKSUM = 3;
    private static final int TRAILER_BYTES = Long.BYTES + Integer.BYTES;
    private static final byte[] MAGIC = "SLUICE-CHECKPOINT\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER_BYTES = MAGIC.length + Integer.BYTES;
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
            ChecksummedBody body = new ChecksummedBody(out);
            StateCodec.write(checkpoint, new DataOutputStream(body));
            out.writeLong(body.length);
            out.writeInt((int) body.checksum.getValue());
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
        Path metadata = checkpoint.resolve(METADATA);
        try (DataInputStream in = open(metadata)) {
            if (checkHeader(in, checkpoint) == FORMAT_VERSION) {
                verifyChecksum(metadata, checkpoint);
            }
            ClassLoader classes = Thread.currentThread().getContextClassLoader();
            Object read = StateCodec.read(in, classes != null ? classes : CheckpointStorage.class.getClassLoader());
            return new Loaded(checkpoint, (CompletedCheckpoint) read);
        } catch (EOFException e) {
            throw damaged(checkpoint, "its " + METADATA + " ends before the checkpoint does (the file was cut short)");
        } catch (IOException | ClassCastException e) {
            throw new ValidationException("Cannot read checkpoint '" + checkpoint + "': "
                    + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()), e);
        }
    }

    private static DataInputStream open(Path metadata) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(metadata)));
    }

    /** Compares the body's length and CRC-32C with the trailer's, before any of it is decoded. */
    private static void verifyChecksum(Path metadata, Path checkpoint) throws IOException {
        long bodyLength = Files.size(metadata) - HEADER_BYTES - TRAILER_BYTES;
        if (bodyLength < 0) {
            throw damaged(checkpoint, "its " + METADATA + " is too short to hold a checkpoint (the file was cut short)");
        }
        try (DataInputStream in = open(metadata)) {
            in.skipNBytes(HEADER_BYTES);
            CRC32C checksum = new CRC32C();
            byte[] buffer = new byte[1 << 16];
            for (long left = bodyLength; left > 0; ) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                checksum.update(buffer, 0, read);
                left -= read;
            }
            if (in.readLong() != bodyLength) {
                throw damaged(checkpoint, "its " + METADATA + " does not have the length it was written with "
                        + "(the file was cut short or added to)");
            }
            if (in.readInt() != (int) checksum.getValue()) {
                throw damaged(checkpoint, "the checksum of its " + METADATA + " does not match its contents "
                        + "(the file was altered after it was written)");
            }
        }
    }

    private static ValidationException damaged(Path checkpoint, String why) {
        List<Path> others = completed(checkpoint.getParent()).stream().filter(p -> !p.equals(checkpoint)).toList();
        String instead = others.isEmpty() ? "start the job without restoring"
                : "restore an earlier one (" + others.stream().map(Path::toString).collect(Collectors.joining(", "))
                        + ") or start the job without restoring";
        return new ValidationException("Checkpoint '" + checkpoint + "' is damaged: " + why + ". Nothing was "
                + "restored from it; " + instead + ".");
    }

    /** @return the checkpoint's format version, one this version reads */
    private static int checkHeader(DataInputStream in, Path checkpoint) throws IOException {
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
        if (version != FORMAT_VERSION && version != WITHOUT_CHECKSUM) {
            throw new ValidationException("Checkpoint '" + checkpoint + "' has format version " + version
                    + "; this version of Sluice reads versions " + WITHOUT_CHECKSUM + " and " + FORMAT_VERSION);
        }
        return version;
    }

    /** Passes the body through to the file, counting its bytes and summing them. */
    private static final class ChecksummedBody extends FilterOutputStream {
        private final CRC32C checksum = new CRC32C();
        private long length;

        ChecksummedBody(OutputStream file) {
            super(file);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            checksum.update(b);
            length++;
        }

        @Override
        public void write(byte[] bytes, int offset, int count) throws IOException {
            out.write(bytes, offset, count);
            checksum.update(bytes, offset, count);
            length += count;
        }

        /** The file is closed by its own stream, after the trailer. */
        @Override
        public void close() throws IOException {
            flush();
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
