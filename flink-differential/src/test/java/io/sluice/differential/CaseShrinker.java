package io.sluice.differential;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shrinks a failing case to a smaller one that still fails: drops rows (a -U with its +U, and never a
 * row a later retraction needs), then parts of the query (one aggregate of several; an outer join made
 * inner), one at a time while the case keeps failing, so that a report shows what matters.
 */
final class CaseShrinker {
    /** Rounds at most: each drops a row or a query part, so a case of 30 rows needs about 30. */
    private static final int MAX_ROUNDS = 100;
    private static final Pattern AGGREGATE = Pattern.compile(", [^,]+? AS a\\d");
    private static final Pattern OUTER_JOIN = Pattern.compile("\\b(LEFT|RIGHT|FULL) JOIN\\b");

    /** Tells which of some candidate cases fail. */
    @FunctionalInterface
    interface Check {
        /** The index of the first candidate that still fails, or -1. */
        int firstFailing(List<EventTimeCase> candidates) throws Exception;
    }

    private CaseShrinker() {
    }

    static EventTimeCase shrink(EventTimeCase failing, Check check) throws Exception {
        EventTimeCase current = failing;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            List<EventTimeCase> candidates = new ArrayList<>(rowRemovals(current));
            candidates.addAll(queryReductions(current));
            int failed = candidates.isEmpty() ? -1 : check.firstFailing(candidates);
            if (failed < 0) {
                break;
            }
            current = candidates.get(failed);
        }
        return current;
    }

    /** The case without one of its changes, for each change whose removal leaves a valid changelog. */
    static List<EventTimeCase> rowRemovals(EventTimeCase c) {
        List<EventTimeCase> removals = new ArrayList<>();
        for (int t = 0; t < c.tables().size(); t++) {
            EventTimeCase.Table table = c.tables().get(t);
            List<EventTimeCase.Input> rows = table.rows();
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).kind().equals("+U") && i > 0 && rows.get(i - 1).kind().equals("-U")) {
                    continue;
                }
                int end = rows.get(i).kind().equals("-U") ? i + 2 : i + 1;
                List<EventTimeCase.Input> shorter = new ArrayList<>(rows.subList(0, i));
                shorter.addAll(rows.subList(Math.min(end, rows.size()), rows.size()));
                if (valid(table, shorter)) {
                    List<EventTimeCase.Table> tables = new ArrayList<>(c.tables());
                    tables.set(t, table.withRows(shorter));
                    removals.add(c.withTables(tables));
                }
            }
        }
        return removals;
    }

    /**
     * Whether a retracting table's changes still retract only rows that are live (and, keyed, insert only
     * keys that are not); insert-only and upsert changes are valid in any order.
     */
    private static boolean valid(EventTimeCase.Table table, List<EventTimeCase.Input> rows) {
        if (table.source() != EventTimeCase.Source.RETRACT) {
            return true;
        }
        Map<EventTimeCase.Input, Integer> live = new HashMap<>();
        Map<String, Integer> liveKeys = new HashMap<>();
        for (EventTimeCase.Input row : rows) {
            EventTimeCase.Input image = new EventTimeCase.Input("", row.k(), row.v(), row.ts());
            boolean adds = row.kind().equals("+I") || row.kind().equals("+U");
            if (adds && table.keyed() && liveKeys.getOrDefault(row.k(), 0) > 0) {
                return false;
            }
            if (!adds && live.getOrDefault(image, 0) == 0) {
                return false;
            }
            live.merge(image, adds ? 1 : -1, Integer::sum);
            liveKeys.merge(row.k(), adds ? 1 : -1, Integer::sum);
        }
        return true;
    }

    /** The case with one aggregate fewer (of several), or with one outer join made inner. */
    static List<EventTimeCase> queryReductions(EventTimeCase c) {
        List<EventTimeCase> reductions = new ArrayList<>();
        Matcher aggregate = AGGREGATE.matcher(c.query());
        while (aggregate.find()) {
            reductions.add(c.withQuery(c.query().substring(0, aggregate.start())
                    + c.query().substring(aggregate.end())));
        }
        Matcher outer = OUTER_JOIN.matcher(c.query());
        while (outer.find()) {
            reductions.add(c.withQuery(c.query().substring(0, outer.start()) + "JOIN"
                    + c.query().substring(outer.end())));
        }
        return reductions;
    }
}
