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
    /**
     * Flink's keep-last deduplication by arrival sends no update for a row equal to the kept one when
     * both were read within one millisecond (their PROCTIME values are equal too); Sluice always sends it.
     */
    EQUAL_ROW_BY_ARRIVAL_IN_ONE_MILLISECOND {
        boolean explains(EventTimeCase c, List<String> flink, List<String> sluice) {
            return c.query().contains("ORDER BY pt DESC") && withoutSomeRepeatedUpdates(sluice, flink);
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

    /**
     * Whether {@code fewer} is {@code changes} without some of its updates from a row to an equal one
     * (a -U and the +U after it with the same fields).
     */
    private static boolean withoutSomeRepeatedUpdates(List<String> changes, List<String> fewer) {
        return withoutSomeRepeatedUpdates(changes, 0, fewer, 0, new Boolean[changes.size() + 1][fewer.size() + 1]);
    }

    /** The same from {@code changes[i]} and {@code fewer[j]} on, remembering each answer in {@code known}. */
    private static boolean withoutSomeRepeatedUpdates(List<String> changes, int i, List<String> fewer, int j,
                                                      Boolean[][] known) {
        if (i == changes.size()) {
            return j == fewer.size();
        }
        if (known[i][j] == null) {
            boolean same = j < fewer.size() && changes.get(i).equals(fewer.get(j))
                    && withoutSomeRepeatedUpdates(changes, i + 1, fewer, j + 1, known);
            boolean repeated = i + 1 < changes.size() && changes.get(i).startsWith("-U")
                    && changes.get(i + 1).equals("+U" + changes.get(i).substring(2));
            known[i][j] = same || repeated && withoutSomeRepeatedUpdates(changes, i + 2, fewer, j, known);
        }
        return known[i][j];
    }

    static List<String> sorted(List<String> changes) {
        return changes.stream().sorted().toList();
    }
}
