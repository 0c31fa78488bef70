package io.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * A Java Flight Recorder profile of whatever runs while it records: CPU samples (not biased to
 * safepoints) by the method on top of the stack and by the first Sluice method below it, the time
 * threads waited (parked, sleeping, on monitors, for a database's answer) by the Sluice method that
 * waits, and sampled
 * allocations by class, weighted by the bytes they stand for.
 */
public final class JfrProfile implements AutoCloseable {
    private static final int TOP = 15;
    private static final List<String> WAIT_EVENTS = List.of("jdk.ThreadPark", "jdk.ThreadSleep",
            "jdk.JavaMonitorWait", "jdk.JavaMonitorEnter", "jdk.SocketRead");
    private static final long WAIT_THRESHOLD_NANOS = 20_000;

    private final Recording recording = new Recording();
    private final Path file;

    public JfrProfile() throws IOException {
        file = Files.createTempFile("sluice-bench", ".jfr");
        recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
        for (String wait : WAIT_EVENTS) {
            recording.enable(wait).withThreshold(Duration.ofNanos(WAIT_THRESHOLD_NANOS)).withStackTrace();
        }
        recording.enable("jdk.ObjectAllocationSample").with("throttle", "1000/s");
        recording.start();
    }

    /** Stops recording and returns the report as Markdown. */
    public String stopAndReport() throws IOException {
        recording.stop();
        recording.dump(file);
        Map<String, Long> topFrames = new HashMap<>();
        Map<String, Long> sluiceFrames = new HashMap<>();
        Map<String, Long> allocations = new HashMap<>();
        Map<String, Long> waits = new HashMap<>();
        long samples = 0;
        long waitNanos = 0;
        long allocated = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            if (event.getEventType().getName().equals("jdk.ExecutionSample") && event.getStackTrace() != null) {
                samples++;
                topFrames.merge(frameName(event.getStackTrace().getFrames().get(0)), 1L, Long::sum);
                sluiceFrames.merge(firstSluiceFrame(event.getStackTrace()), 1L, Long::sum);
            } else if (WAIT_EVENTS.contains(event.getEventType().getName()) && event.getStackTrace() != null
                    && isWorkThread(event)) {
                long nanos = event.getDuration().toNanos();
                waitNanos += nanos;
                waits.merge(event.getThread().getJavaName() .replaceAll("[0-9]+", "#") + " in "
                        + firstSluiceFrame(event.getStackTrace()), nanos, Long::sum);
            } else if (event.getEventType().getName().equals("jdk.ObjectAllocationSample")) {
                long weight = event.getLong("weight");
                allocated += weight;
                allocations.merge(event.getClass("objectClass").getName(), weight, Long::sum);
            }
        }
        return table("CPU samples by top frame (self time)", topFrames, samples, n -> n + " samples")
                + table("CPU samples by first Sluice frame on the stack", sluiceFrames, samples, n -> n + " samples")
                + table("Time threads waited (parked, sleeping, on monitors, reading sockets; waits over 20 us) by"
                        + " thread and first Sluice frame", waits, waitNanos, n -> String.format(Locale.ROOT, "%.2f s", n / 1e9))
                + table("Allocation by class (sampled, weighted)", allocations, allocated,
                        n -> String.format(Locale.ROOT, "%.1f MB", n / 1e6));
    }

    private static boolean isWorkThread(RecordedEvent event) {
        String thread = event.getThread() == null ? null : event.getThread().getJavaName();
        return thread != null && !thread.startsWith("allocation-sampler") && !thread.startsWith("JFR")
                && !thread.startsWith("Common-Cleaner");
    }

    private static String frameName(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    private static String firstSluiceFrame(RecordedStackTrace stack) {
        List<RecordedFrame> frames = stack.getFrames();
        for (RecordedFrame frame : frames) {
            if (frame.getMethod().getType().getName().startsWith("io.sluice")) {
                return frameName(frame);
            }
        }
        // Generated classes (Janino) have no io.sluice package; neither do JDK threads.
        return "(no io.sluice frame) " + frameName(frames.get(0));
    }

    private static String table(String title, Map<String, Long> counts, long total, Function<Long, String> unit) {
        StringBuilder text = new StringBuilder("\n" + title + ":\n\n| share | amount | where |\n|---:|---:|---|\n");
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP)
                .forEach(e -> text.append(String.format(Locale.ROOT, "| %.1f%% | %s | `%s` |%n",
                        100.0 * e.getValue() / Math.max(1, total), unit.apply(e.getValue()), e.getKey())));
        return text.toString();
    }

    @Override
    public void close() throws IOException {
        recording.close();
        Files.deleteIfExists(file);
    }
}
