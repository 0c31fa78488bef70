package io.sluice.experiments;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The numbers of one run, printed on stdout and written to {@code summary.txt}.
 *
 * @param run             the database, scenario and settings
 * @param database        the database's URL, without a password
 * @param flushesByReason committed flushes per reason, from the sink's metrics
 */
record ExperimentSummary(String run, String database, Changelog changelog, Map<String, Long> flushesByReason,
                         Timeline timeline) {

    long flushes() {
        return flushesByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    int observations() {
        return timeline.observations().size();
    }

    int gaps() {
        return timeline.gaps().size();
    }

    double longestGapMillis() {
        return timeline.longestGapMillis();
    }

    /** The key's amount at the last poll, or null if it was absent. */
    Long finalValue() {
        List<Observation> observations = timeline.observations();
        return observations.get(observations.size() - 1).value();
    }

    /** The key's amount after the whole changelog. */
    long expectedValue() {
        return changelog.finalValue();
    }

    String text() {
        return String.format(Locale.ROOT, """
                        Flush-boundary experiment: %s
                          database           %s
                          changes            %d (%d delete/re-insert pairs of key %d)
                          flushes            %d %s
                          commits seen       %d
                          observations       %d (apart: median %.3f ms, longest %.3f ms)
                          gaps seen          %d
                          median gap         %.3f ms
                          longest gap        %.3f ms
                          final value        %s (expected %d)
                        """, run, database, changelog.rows().size(), changelog.pairStarts().size(),
                ChangelogGenerator.KEY, flushes(), flushesByReason, timeline.commitMicros().size(), observations(),
                timeline.pollIntervalMillis(50), timeline.pollIntervalMillis(100), gaps(),
                timeline.medianGap().map(Gap::millis).orElse(0.0), longestGapMillis(),
                finalValue() == null ? "absent" : finalValue(), expectedValue());
    }
}
