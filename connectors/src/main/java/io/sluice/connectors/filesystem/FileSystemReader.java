package io.sluice.connectors.filesystem;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.format.RowDecoder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads one subtask's files (those whose path hashes to it), in path order, line by line. Its position
 * is the number of lines read of each file it started; a restore skips those lines and the files it
 * finished. Files are taken to be complete when they appear, as in Flink: a file that grows later is
 * not read again. With a monitor interval the reader lists the path again for new files.
 */
final class FileSystemReader implements SourceReader {
    private final String table;
    private final Path root;
    private final RowDecoder decoder;
    private final Duration monitorInterval;
    private final int subtask;
    private final int parallelism;
    private final Map<String, Long> linesRead = new HashMap<>();
    private final Set<String> finished = new HashSet<>();
    private final Deque<Path> pending = new ArrayDeque<>();
    private BufferedReader open;
    private Path openPath;
    private String openName;
    private long nextListingNanos;
    private long skipped;

    FileSystemReader(String table, Path root, RowDecoder decoder, Duration monitorInterval, int subtask,
                     int parallelism) {
        this.table = table;
        this.root = root;
        this.decoder = decoder;
        this.monitorInterval = monitorInterval;
        this.subtask = subtask;
        this.parallelism = parallelism;
    }

    @Override
    public Status pollNext(Consumer<Row> output) throws IOException {
        while (true) {
            if (open == null && !openNext()) {
                return monitorInterval == null ? Status.END_OF_INPUT : Status.NOTHING_AVAILABLE;
            }
            String line = open.readLine();
            if (line == null) {
                closeOpen(true);
                continue;
            }
            long number = linesRead.merge(openName, 1L, Long::sum);
            if (!line.isEmpty()) {
                decode(line, number, output);
                return Status.ROW_EMITTED;
            }
        }
    }

    private void decode(String line, long number, Consumer<Row> output) {
        try {
            if (!decoder.decode(line.getBytes(StandardCharsets.UTF_8), output)) {
                skipped++;
            }
        } catch (MalformedMessageException e) {
            throw new MalformedMessageException("Malformed line " + number + " of file " + openPath + ": "
                    + e.getMessage(), e);
        }
    }

    /** Opens the next pending file, listing the path first when it is time; false when there is none. */
    private boolean openNext() throws IOException {
        if (pending.isEmpty() && System.nanoTime() >= nextListingNanos) {
            list();
            nextListingNanos = monitorInterval == null ? Long.MAX_VALUE : System.nanoTime() + monitorInterval.toNanos();
        }
        Path next = pending.poll();
        if (next == null) {
            return false;
        }
        openPath = next;
        openName = next.toString();
        open = Files.newBufferedReader(next, StandardCharsets.UTF_8);
        long skip = linesRead.getOrDefault(openName, 0L);
        for (long i = 0; i < skip && open.readLine() != null; i++) {
            // Lines a checkpoint says were read already.
        }
        return true;
    }

    private void list() throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        List<Path> files;
        if (Files.isRegularFile(root)) {
            files = List.of(root);
        } else {
            try (Stream<Path> walk = Files.walk(root)) {
                files = walk.filter(Files::isRegularFile).filter(FileSystemReader::isVisible).sorted().toList();
            }
        }
        for (Path file : files) {
            String name = file.toString();
            if (Math.floorMod(name.hashCode(), parallelism) == subtask && !finished.contains(name)
                    && !pending.contains(file)) {
                pending.add(file);
            }
        }
    }

    /** Hidden and in-progress files ({@code .name}, {@code _name}) are skipped, as in Flink. */
    private static boolean isVisible(Path file) {
        String name = file.getFileName().toString();
        return !name.startsWith(".") && !name.startsWith("_");
    }

    private void closeOpen(boolean complete) throws IOException {
        if (open != null) {
            open.close();
            if (complete) {
                finished.add(openName);
            }
            open = null;
            openPath = null;
            openName = null;
        }
    }

    /** Lines read per file started; a finished file's count is negative, so a restore never opens it again. */
    @Override
    public Map<String, Long> position() {
        Map<String, Long> position = new HashMap<>();
        linesRead.forEach((file, lines) -> position.put(file, finished.contains(file) ? -1 - lines : lines));
        finished.forEach(file -> position.putIfAbsent(file, -1L));
        return position;
    }

    @Override
    public void seek(Map<String, Long> position) throws IOException {
        closeOpen(false);
        pending.clear();
        linesRead.clear();
        finished.clear();
        nextListingNanos = 0;
        position.forEach((file, lines) -> {
            if (lines < 0) {
                finished.add(file);
                linesRead.put(file, -1 - lines);
            } else {
                linesRead.put(file, lines);
            }
        });
    }

    @Override
    public Map<String, Long> metrics() {
        return Map.of("lines-skipped", skipped);
    }

    @Override
    public void close() {
        try {
            closeOpen(false);
        } catch (IOException e) {
            throw new UncheckedIOException("Table '" + table + "': closing " + root + " failed", e);
        }
    }
}
