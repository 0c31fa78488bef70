package io.sluice.cli.experiment;

import java.util.ArrayList;
import java.util.List;

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
