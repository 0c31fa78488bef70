package io.sluice.differential;

import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A model of the timers of Flink's event-time OVER aggregate with a bounded RANGE frame, the one place
 * where Sluice means to answer differently. For each partition Flink registers a cleanup timer at the
 * newest row's time plus 1.5 times the frame; when the watermark reaches it Flink forgets the partition,
 * and any cleanup timer that fires moves the partition's lateness mark to its own time. A row behind the
 * watermark that comes after that is then dropped although its partition has no row as new, or is
 * accepted and aggregated without the rows Flink forgot. Sluice keeps both the rows in reach and the
 * mark, so such a row is judged by the rows the partition has really taken, and its frame is whole.
 */
final class FlinkRangeOverCleanup {
    private static final Pattern RANGE = Pattern.compile(
            "OVER \\(PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL '(\\d+)' SECOND PRECEDING");

    private final long preceding;
    private final Map<String, Long> lastTriggering = new HashMap<>();
    private final Map<String, Long> cleanupAt = new HashMap<>();
    private final Set<String> cleanupFired = new HashSet<>();
    private final TreeSet<Timer> timers = new TreeSet<>();

    private FlinkRangeOverCleanup(long preceding) {
        this.preceding = preceding;
    }

    /** A timer of one partition, as Flink keeps one per partition and time. */
    private record Timer(long time, String key, boolean cleanup) implements Comparable<Timer> {
        public int compareTo(Timer other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : String.valueOf(key).compareTo(String.valueOf(other.key));
        }
    }

    /** True when {@code c} is a bounded RANGE OVER aggregate in which Flink's cleanup reaches a late row. */
    static boolean reachesALateRow(EventTimeCase c) {
        Matcher range = RANGE.matcher(c.query());
        return range.find() && new FlinkRangeOverCleanup(Long.parseLong(range.group(1)) * 1000).reachesALateRow(
                c.first().rows(), c.first().delaySeconds() * 1000L);
    }

    private boolean reachesALateRow(Iterable<EventTimeCase.Input> rows, long delay) {
        long watermark = Long.MIN_VALUE;
        for (EventTimeCase.Input row : rows) {
            long time = row.ts().toEpochSecond(ZoneOffset.UTC) * 1000;
            if (time <= watermark && cleanupFired.contains(row.k())) {
                return true;
            }
            accept(row.k(), time);
            watermark = Math.max(watermark, time - delay);
            fireUpTo(watermark);
        }
        return false;
    }

    private void accept(String key, long time) {
        if (time <= lastTriggering.getOrDefault(key, 0L)) {
            return;
        }
        timers.add(new Timer(time, key, false));
        Long cleanup = cleanupAt.get(key);
        if (cleanup == null || cleanup < time + preceding + 1) {
            long at = time + (long) (preceding * 1.5) + 1;
            timers.add(new Timer(at, key, true));
            cleanupAt.put(key, at);
        }
    }

    private void fireUpTo(long watermark) {
        while (!timers.isEmpty() && timers.first().time() <= watermark) {
            Timer timer = timers.pollFirst();
            Long cleanup = cleanupAt.get(timer.key());
            if (cleanup != null && cleanup <= timer.time()) {
                lastTriggering.remove(timer.key());
                cleanupAt.remove(timer.key());
            } else {
                lastTriggering.put(timer.key(), timer.time());
            }
            if (timer.cleanup()) {
                cleanupFired.add(timer.key());
            }
        }
    }
}
