package io.sluice.differential;

import java.util.List;

/**
 * The differences from Flink that Sluice means, each listed with its reason in docs/changelog.md. A case
 * whose answers differ only as one of these says is counted, not failed; each test is narrow enough
 * that any other difference in the same case still fails.
 */
enum KnownDifference {
    /** Flink forgets a bounded RANGE frame's partition and then misjudges its late rows. */
    RANGE_FRAME_CLEANUP {
        boolean explains(EventTimeCase c, List<String> flink, List<String> sluice) {
            return FlinkRangeOverCleanup.reachesALateRow(c);
        }
    },
    /**
     * Flink's Top-1 over an insert-only input sends +U without the -U before it, even where its plan
     * needs one (an aggregate over it then adds each new top row to the old); Sluice sends both.
     */
    TOP_1_WITHOUT_UPDATE_BEFORE {
        boolean explains(EventTimeCase c, List<String> flink, List<String> sluice) {
            return c.first().source() == EventTimeCase.Source.INSERT_ONLY && c.query().endsWith("WHERE rn <= 1")
                    && !c.query().contains("window_start")
                    && sorted(flink).equals(sorted(sluice.stream().filter(line -> !line.startsWith("-U")).toList()));
        }
    },
    /** Flink refuses an OVER aggregate over an updating input; Sluice applies each change exactly. */
    OVER_AN_UPDATING_INPUT {
        boolean explains(EventTimeCase c, List<String> flink, List<String> sluice) {
            return refused(flink, "OverAggregate doesn't support consuming update and delete changes")
                    && !refused(sluice, "");
        }
    },
    /**
     * Flink fails a HOP or CUMULATE window aggregate with a DISTINCT aggregate ("does not support
     * retraction"); Sluice computes it.
     */
    DISTINCT_IN_AN_OVERLAPPING_WINDOW {
        boolean explains(EventTimeCase c, List<String> flink, List<String> sluice) {
            return refused(flink, "does not support retraction") && c.query().contains("DISTINCT")
                    && (c.query().contains("HOP(") || c.query().contains("CUMULATE(")) && !refused(sluice, "");
        }
    };

    abstract boolean explains(EventTimeCase c, List<String> flink, List<String> sluice);

    /** The first difference that explains the two answers, or null. */
    static KnownDifference of(EventTimeCase c, List<String> flink, List<String> sluice) {
        for (KnownDifference difference : values()) {
            if (difference.explains(c, flink, sluice)) {
                return difference;
            }
        }
        return null;
    }

    static boolean refused(List<String> answer, String because) {
        return !answer.isEmpty() && answer.get(0).startsWith("refused: ") && answer.get(0).contains(because);
    }

    static List<String> sorted(List<String> changes) {
        return changes.stream().sorted().toList();
    }
}
