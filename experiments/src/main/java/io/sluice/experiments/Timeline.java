package io.sluice.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a list of observations shows: the gaps in the key's presence and the instants the database's
 * visible state changed. A change can only become visible when a flush commits, so these instants are
 * the flush boundaries as a reader sees them (several flushes between two polls show as one).
 */
final class Timeline {
    private final List<Observation> observations;
    private final List<Gap> gaps;
    private final List<Long> commitMicros;

    Timeline(List<Observation> observations) {
        if (observations.isEmpty()) {
            throw new IllegalArgumentException("no observations");
        }
        this.observations = List.copyOf(observations);
        this.gaps = findGaps(this.observations);
        this.commitMicros = findCommits(this.observations);
    }

    List<Observation> observations() {
        return observations;
    }

    List<Gap> gaps() {
        return gaps;
    }

    /** The first poll after each visible change: a flush committed between it and the poll before. */
    List<Long> commitMicros() {
        return commitMicros;
    }

    long startMicros() {
        return observations.get(0).timeMicros();
    }

    long endMicros() {
        return observations.get(observations.size() - 1).timeMicros();
    }

    double longestGapMillis() {
        return gaps.stream().mapToDouble(Gap::millis).max().orElse(0);
    }

    /** A gap of median length: a typical one, where the longest may be the observer's own stall. */
    Optional<Gap> medianGap() {
        List<Gap> byLength = gaps.stream().sorted(Comparator.comparingDouble(Gap::millis)).toList();
        return byLength.isEmpty() ? Optional.empty() : Optional.of(byLength.get(byLength.size() / 2));
    }

    /**
     * The time between consecutive polls at {@code percentile} (0-100): how finely the observer saw. A
     * gap or a commit can only be placed within the poll interval around it.
     */
    double pollIntervalMillis(int percentile) {
        if (observations.size() < 2) {
            return 0;
        }
        long[] intervals = new long[observations.size() - 1];
        for (int i = 1; i < observations.size(); i++) {
            intervals[i - 1] = observations.get(i).timeMicros() - observations.get(i - 1).timeMicros();
        }
        Arrays.sort(intervals);
        return intervals[(intervals.length - 1) * percentile / 100] / 1000.0;
    }

    private static List<Gap> findGaps(List<Observation> observations) {
        List<Gap> gaps = new ArrayList<>();
        boolean seen = false;
        Long gapStart = null;
        for (Observation observation : observations) {
            if (observation.present()) {
                if (gapStart != null) {
                    gaps.add(new Gap(gapStart, observation.timeMicros()));
                    gapStart = null;
                }
                seen = true;
            } else if (seen && gapStart == null) {
                gapStart = observation.timeMicros();
            }
        }
        if (gapStart != null) {
            gaps.add(new Gap(gapStart, observations.get(observations.size() - 1).timeMicros()));
        }
        return List.copyOf(gaps);
    }

    private static List<Long> findCommits(List<Observation> observations) {
        List<Long> commits = new ArrayList<>();
        for (int i = 1; i < observations.size(); i++) {
            if (observations.get(i - 1).changedBefore(observations.get(i))) {
                commits.add(observations.get(i).timeMicros());
            }
        }
        return List.copyOf(commits);
    }
}
