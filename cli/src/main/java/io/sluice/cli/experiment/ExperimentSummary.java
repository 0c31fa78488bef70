package io.sluice.cli.experiment;

import java.util.Locale;
import java.util.Map;

/**
 * The numbers of one run, printed on stdout and written to {@code summary.txt}.
 *
 * @param flushesByReason committed flushes per reason, from the sink's metrics
 * @param commitsSeen     polls at which the observer saw the table change (flushes between two polls
 *                        show as one)
 * @param finalValue      the key's amount at the last poll, or null if it was absent
 * @param expectedValue   the key's amount after the whole changelog
 */
record ExperimentSummary(String run, int changes, int pairs, Map<String, Long> flushesByReason, int commitsSeen,
                         int observations, int gaps, double longestGapMillis, Long finalValue,
                         long expectedValue) {

    static ExperimentSummary of(String run, Changelog changelog, SinkFlushes flushes, Timeline timeline) {
        Observation last = timeline.observations().get(timeline.observations().size() - 1);
        return new ExperimentSummary(run, changelog.rows().size(), changelog.pairStarts().size(),
                flushes.byReason(), timeline.commitMicros().size(), timeline.observations().size(),
                timeline.gaps().size(), timeline.longestGapMillis(), last.value(), changelog.finalValue());
    }

    long flushes() {
        return flushesByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    String text() {
        return String.format(Locale.ROOT, """
                        Flush-boundary experiment: %s
                          changes            %d (%d delete/re-insert pairs of key %d)
                          flushes            %d %s
                          commits seen       %d
                          observations       %d
                          gaps seen          %d
                          longest gap        %.3f ms
                          final value        %s (expected %d)
                        """, run, changes, pairs, ChangelogGenerator.KEY, flushes(), flushesByReason, commitsSeen,
                observations, gaps, longestGapMillis, finalValue == null ? "absent" : finalValue, expectedValue);
    }
}
