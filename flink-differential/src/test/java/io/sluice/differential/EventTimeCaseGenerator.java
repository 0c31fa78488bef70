package io.sluice.differential;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * Seeded event-time cases: an insert-only, retracting or upsert table whose rows come mostly in time
 * order, some behind it (late when further back than the watermark's delay), with NULL keys and values;
 * a query from a small grammar of window aggregations (TUMBLE, HOP, CUMULATE, SESSION), window
 * deduplication and Top-N, deduplication on rowtime and by arrival, OVER aggregates, group aggregates
 * (DISTINCT, FILTER), Top-N and grouping sets; or joins of two tables, or of one with itself.
 */
final class EventTimeCaseGenerator {
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 10, 0);
    private static final List<QueryKind> QUERIES = List.of(
            multiset(EventTimeCaseGenerator::windowAggregate), multiset(EventTimeCaseGenerator::windowAggregate),
            multiset(EventTimeCaseGenerator::windowAggregate), multiset(EventTimeCaseGenerator::deduplication),
            multiset(EventTimeCaseGenerator::windowDeduplication), multiset(EventTimeCaseGenerator::overAggregate),
            inOrder(EventTimeCaseGenerator::groupAggregate), inOrder(EventTimeCaseGenerator::topN),
            multiset(EventTimeCaseGenerator::groupingSets), inOrder(EventTimeCaseGenerator::proctimeDeduplication),
            multiset(EventTimeCaseGenerator::windowTopN));

    /** A query of one table and how its answers compare. */
    private record QueryKind(Function<Random, String> query, EventTimeCase.Comparison comparison) {
    }

    /** Results fired on the watermark, or several per input change (grouping sets). */
    private static QueryKind multiset(Function<Random, String> query) {
        return new QueryKind(query, EventTimeCase.Comparison.AS_MULTISET);
    }

    /** Each input change's results at once, in an order it defines. */
    private static QueryKind inOrder(Function<Random, String> query) {
        return new QueryKind(query, EventTimeCase.Comparison.IN_ORDER);
    }

    private EventTimeCaseGenerator() {
    }

    static EventTimeCase generate(long seed) {
        Random random = new Random(seed);
        int dice = random.nextInt(100);
        return dice < 30 ? twoTables(seed, random) : dice < 35 ? threeTables(seed, random)
                : dice < 47 ? selfJoin(seed, random) : oneTable(seed, random);
    }

    /**
     * One table. Deduplication by arrival reads an insert-only one: over an updating input Flink ranks
     * by the PROCTIME values, which rows read in one millisecond share, so its answer is not defined.
     */
    private static EventTimeCase oneTable(long seed, Random random) {
        QueryKind kind = QUERIES.get(random.nextInt(QUERIES.size()));
        String query = kind.query().apply(random);
        boolean proctime = query.contains("ORDER BY pt");
        int delay = random.nextInt(4);
        EventTimeCase.Source source = EventTimeCase.Source.values()[random.nextInt(100) < 60 || proctime ? 0
                : 1 + random.nextInt(2)];
        TableChanges t = new TableChanges(source, source == EventTimeCase.Source.UPSERT, delay, Lateness.ALLOWED);
        int clock = 0;
        int count = 4 + random.nextInt(20);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(5);
            t.add(random, clock);
        }
        return new EventTimeCase(seed, List.of(t.table("t", "v", proctime)), query, kind.comparison(), false);
    }

    /**
     * A join of two tables {@code t (k, v, ts)} and {@code u (k, w, ts)}. Each table is its own source in
     * both engines, so which table's row a join takes first is up to the threads; every row is therefore
     * ahead of its own table's watermark, which makes the answer the same in every interleaving: a join
     * judges lateness by the smaller of its inputs' watermarks, which is never ahead of the row's own. A
     * regular join (of any changelogs) is compared by the table it leaves.
     */
    private static EventTimeCase twoTables(long seed, Random random) {
        int kind = random.nextInt(4);
        boolean regular = kind == 3;
        EventTimeCase.Source probe = kind == 2 || random.nextInt(100) < (regular ? 40 : 85)
                ? EventTimeCase.Source.INSERT_ONLY : EventTimeCase.Source.RETRACT;
        EventTimeCase.Source build = kind == 2 || regular ? EventTimeCase.Source.values()[random.nextInt(3)]
                : random.nextInt(100) < 85 ? EventTimeCase.Source.INSERT_ONLY : EventTimeCase.Source.UPSERT;
        TableChanges t = new TableChanges(probe, false, random.nextInt(4), Lateness.AHEAD);
        TableChanges u = new TableChanges(build, kind == 2 || build == EventTimeCase.Source.UPSERT,
                random.nextInt(4), Lateness.AHEAD);
        int clock = 0;
        int count = 4 + random.nextInt(24);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(4);
            clock = (random.nextBoolean() ? t : u).add(random, clock);
        }
        String query = switch (kind) {
            case 0 -> windowJoin(random, "u", "y.w");
            case 1 -> intervalJoin(random, "u", "y.w", 0);
            case 2 -> temporalJoin(random);
            default -> regularJoin(random);
        };
        return new EventTimeCase(seed, List.of(t.table("t", "v", false), u.table("u", "w", false)), query,
                regular ? EventTimeCase.Comparison.FINAL_TABLE : EventTimeCase.Comparison.AS_MULTISET, false);
    }

    /**
     * Three tables {@code t}, {@code u} and {@code r} as one stream (UNION ALL) under an OVER aggregate
     * with a RANGE frame, whose watermark is the smallest of the three tables'. The rows are ahead of
     * their own table's watermark, and a RANGE frame takes the rows of one time together, so the order in
     * which rows of one time from different tables arrive does not matter.
     */
    private static EventTimeCase threeTables(long seed, Random random) {
        List<TableChanges> tables = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tables.add(new TableChanges(EventTimeCase.Source.INSERT_ONLY, false, random.nextInt(4), Lateness.AHEAD));
        }
        int clock = 0;
        int count = 4 + random.nextInt(24);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(3);
            clock = tables.get(random.nextInt(3)).add(random, clock);
        }
        String aggregate = List.of("COUNT(*)", "SUM(v)", "MIN(v)", "MAX(v)").get(random.nextInt(4));
        String query = "SELECT k, v, ts, " + aggregate + " OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL '"
                + (1 + random.nextInt(5)) + "' SECOND PRECEDING AND CURRENT ROW) AS o FROM (SELECT k, v, ts FROM t "
                + "UNION ALL SELECT k, w, ts FROM u UNION ALL SELECT k, w, ts FROM r)";
        return new EventTimeCase(seed, List.of(tables.get(0).table("t", "v", false),
                tables.get(1).table("u", "w", false), tables.get(2).table("r", "w", false)), query,
                EventTimeCase.Comparison.AS_MULTISET, false);
    }

    /**
     * A window or interval join of one table with itself: one source feeds both sides of the join, which
     * take each row and the watermark behind it in the order it sent them (Flink reads that source one row
     * per checkpoint for this: {@link CheckpointPacedSource}). A window join drops late rows, so its
     * table has them. An interval join has rows at the watermark but none behind it, and bounds of a
     * second or more: Flink keeps a row for the other side only while the watermark is strictly before
     * the last time it can match, so a late row, or a row at the watermark with a bound of 0, meets its
     * own copy on the other side or not depending on which side Flink reads first.
     */
    private static EventTimeCase selfJoin(long seed, Random random) {
        EventTimeCase.Source source = random.nextInt(100) < 85 ? EventTimeCase.Source.INSERT_ONLY
                : EventTimeCase.Source.RETRACT;
        boolean window = random.nextBoolean();
        TableChanges t = new TableChanges(source, false, random.nextInt(4),
                window ? Lateness.ALLOWED : Lateness.AT_WATERMARK);
        int clock = 0;
        int count = 4 + random.nextInt(20);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(5);
            clock = t.add(random, clock);
        }
        String query = window ? windowJoin(random, "t", "y.v AS v2") : intervalJoin(random, "t", "y.v AS v2", 1);
        return new EventTimeCase(seed, List.of(t.table("t", "v", false)), query, EventTimeCase.Comparison.AS_MULTISET,
                true);
    }

    /** How far behind its table's watermark a generated row may be. */
    private enum Lateness {
        /** Any distance: late rows too. */
        ALLOWED,
        /** At the watermark or ahead of it. */
        AT_WATERMARK,
        /** Ahead of it; a keyed row is then deleted at the time of the delete. */
        AHEAD
    }

    /** One table's changes as they are generated, with the rows live in it. */
    private static final class TableChanges {
        private final EventTimeCase.Source source;
        private final boolean keyed;
        private final int delay;
        private final Lateness lateness;
        private final List<EventTimeCase.Input> rows = new ArrayList<>();
        private final Map<String, EventTimeCase.Input> live = new LinkedHashMap<>();
        private int latest = -1;

        TableChanges(EventTimeCase.Source source, boolean keyed, int delay, Lateness lateness) {
            this.source = source;
            this.keyed = keyed;
            this.delay = delay;
            this.lateness = lateness;
        }

        EventTimeCase.Table table(String name, String value, boolean proctime) {
            return new EventTimeCase.Table(name, value, source, keyed, proctime, delay, rows);
        }

        /**
         * Adds a change at about {@code clock}: mostly at it, sometimes behind it (late when further back
         * than the delay, where the lateness allows); returns the clock, moved to the row's time if later.
         */
        int add(Random random, int clock) {
            int second = random.nextInt(100) < 20 ? Math.max(0, clock - random.nextInt(delay + 5)) : clock;
            if (lateness != Lateness.ALLOWED && latest >= 0) {
                second = Math.max(second, latest - delay + (lateness == Lateness.AHEAD ? 1 : 0));
            }
            latest = Math.max(latest, second);
            String k = random.nextInt(100) < 5 && !keyed ? null : String.valueOf((char) ('a' + random.nextInt(3)));
            Integer v = random.nextInt(100) < 10 ? null : random.nextInt(10);
            change(random, new EventTimeCase.Input("+I", k, v, START.plusSeconds(second)));
            return Math.max(clock, second);
        }

        /**
         * Appends a change that keeps the changelog valid: an insert-only table takes the row; a retracting
         * one inserts it, or retracts a live row (deletes it, or updates it to the new row); a keyed one
         * inserts, updates or deletes k's row.
         */
        private void change(Random random, EventTimeCase.Input row) {
            int dice = random.nextInt(100);
            if (source == EventTimeCase.Source.INSERT_ONLY) {
                rows.add(row);
            } else if (keyed) {
                changeKey(dice, row);
            } else {
                List<String> ids = new ArrayList<>(live.keySet());
                String id = ids.isEmpty() || dice < 60 ? null : ids.get(random.nextInt(ids.size()));
                if (id == null) {
                    live.put(String.valueOf(rows.size()), row);
                    rows.add(row);
                } else {
                    EventTimeCase.Input old = live.remove(id);
                    rows.add(new EventTimeCase.Input(dice < 80 ? "-D" : "-U", old.k(), old.v(), old.ts()));
                    if (dice >= 80) {
                        EventTimeCase.Input after = new EventTimeCase.Input("+U", row.k(), row.v(), row.ts());
                        live.put(id, after);
                        rows.add(after);
                    }
                }
            }
        }

        private void changeKey(int dice, EventTimeCase.Input row) {
            EventTimeCase.Input old = live.get(row.k());
            if (old != null && dice < 25) {
                live.remove(row.k());
                rows.add(new EventTimeCase.Input("-D", old.k(), old.v(),
                        lateness == Lateness.AHEAD ? row.ts() : old.ts()));
                return;
            }
            EventTimeCase.Input change = new EventTimeCase.Input(old == null ? "+I" : "+U", row.k(), row.v(), row.ts());
            if (old != null && source == EventTimeCase.Source.RETRACT) {
                rows.add(new EventTimeCase.Input("-U", old.k(), old.v(), old.ts()));
            }
            live.put(row.k(), change);
            rows.add(change);
        }
    }

    private static String windowFunction(Random random, boolean byKey) {
        return switch (random.nextInt(5)) {
            case 0 -> "TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)";
            case 1 -> "TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND)";
            case 2 -> "HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)";
            case 3 -> "CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '15' SECOND)";
            default -> "SESSION(TABLE t" + (byKey ? " PARTITION BY k" : "") + ", DESCRIPTOR(ts), INTERVAL '5' SECOND)";
        };
    }

    /** One to three aggregates, named a0, a1, ... */
    private static String aggregates(Random random) {
        List<String> aggregates = new ArrayList<>(List.of("COUNT(*)", "SUM(v)", "MIN(v)", "MAX(v)", "COUNT(v)",
                "COUNT(DISTINCT v)", "AVG(v)", "COUNT(*) FILTER (WHERE v > 4)", "SUM(DISTINCT v)",
                "MAX(v) FILTER (WHERE k <> 'a')"));
        Collections.shuffle(aggregates, random);
        List<String> selected = aggregates.subList(0, 1 + random.nextInt(3));
        List<String> named = new ArrayList<>();
        for (int i = 0; i < selected.size(); i++) {
            named.add(selected.get(i) + " AS a" + i);
        }
        return String.join(", ", named);
    }

    private static String windowAggregate(Random random) {
        boolean byKey = random.nextBoolean();
        String keys = byKey ? ", k" : "";
        return "SELECT window_start, window_end" + keys + ", " + aggregates(random) + " FROM TABLE("
                + windowFunction(random, byKey) + ") GROUP BY window_start, window_end" + keys;
    }

    /** Top-N per window, of a count per key and window or of the rows straight from the window function. */
    private static String windowTopN(Random random) {
        String window = windowFunction(random, false);
        String top = ") WHERE rn <= " + (1 + random.nextInt(3));
        return random.nextBoolean()
                ? "SELECT * FROM (SELECT window_start, window_end, k, c, ROW_NUMBER() OVER (PARTITION BY window_start, "
                        + "window_end ORDER BY c DESC, k) AS rn FROM (SELECT window_start, window_end, k, "
                        + "COUNT(*) AS c FROM TABLE(" + window + ") GROUP BY window_start, window_end, k)" + top
                : "SELECT * FROM (SELECT window_start, window_end, k, v, ts, ROW_NUMBER() OVER (PARTITION BY "
                        + "window_start, window_end ORDER BY v DESC, ts, k) AS rn FROM TABLE(" + window + ")" + top;
    }

    private static String groupAggregate(Random random) {
        return random.nextBoolean() ? "SELECT k, " + aggregates(random) + " FROM t GROUP BY k"
                : "SELECT " + aggregates(random) + " FROM t";
    }

    /** Top-N by v, ties broken by ts so that the rank of each row is defined. */
    private static String topN(Random random) {
        String order = random.nextBoolean() ? "v DESC, ts DESC" : "v ASC, ts ASC";
        String partition = random.nextBoolean() ? "PARTITION BY k " : "";
        return "SELECT * FROM (SELECT k, v, ts, ROW_NUMBER() OVER (" + partition + "ORDER BY " + order
                + ") AS rn FROM t) WHERE rn <= " + (1 + random.nextInt(3));
    }

    private static String groupingSets(Random random) {
        String sets = List.of("ROLLUP (k, v)", "CUBE (k, v)", "GROUPING SETS ((k), (v), ())").get(random.nextInt(3));
        return "SELECT k, v, GROUPING_ID(k, v) AS g, COUNT(*) AS c FROM t GROUP BY " + sets;
    }

    private static String deduplication(Random random) {
        String order = random.nextBoolean() ? "ASC" : "DESC";
        return "SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts " + order
                + ") AS rn FROM t) WHERE rn = 1";
    }

    private static String windowDeduplication(Random random) {
        String order = random.nextBoolean() ? "ASC" : "DESC";
        String window = random.nextBoolean() ? "TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)"
                : "TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND)";
        return "SELECT window_start, window_end, k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY "
                + "window_start, window_end, k ORDER BY ts " + order + ") AS rn FROM TABLE(" + window
                + ")) WHERE rn = 1";
    }

    private static String overAggregate(Random random) {
        String frame = random.nextBoolean() ? "ROWS BETWEEN 2 PRECEDING AND CURRENT ROW"
                : "RANGE BETWEEN INTERVAL '5' SECOND PRECEDING AND CURRENT ROW";
        String aggregate = List.of("COUNT(v)", "SUM(v)", "MIN(v)", "MAX(v)", "COUNT(*)").get(random.nextInt(5));
        return "SELECT k, v, ts, " + aggregate + " OVER (PARTITION BY k ORDER BY ts " + frame + ") AS o FROM t";
    }

    /** Deduplication by arrival: deterministic, since both engines read one table's rows in order. */
    private static String proctimeDeduplication(Random random) {
        String order = random.nextBoolean() ? "ASC" : "DESC";
        return "SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt " + order
                + ") AS rn FROM t) WHERE rn = 1";
    }

    private static String joinType(Random random) {
        return List.of("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN").get(random.nextInt(4));
    }

    /** A window join of t and another table in the same windows, of their rows or of an aggregate of each. */
    private static String windowJoin(Random random, String other, String otherValue) {
        int window = random.nextInt(4);
        boolean aggregated = random.nextInt(100) < 30;
        return "SELECT COALESCE(x.window_start, y.window_start) AS ws, x.k, " + (aggregated ? "x.c, y.c AS c2"
                : "x.v, " + otherValue) + " FROM " + windowed("t", window, aggregated) + " x " + joinType(random) + " "
                + windowed(other, window, aggregated) + " y ON x.k = y.k AND x.window_start = y.window_start"
                + " AND x.window_end = y.window_end";
    }

    private static String windowed(String table, int window, boolean aggregated) {
        String function = switch (window) {
            case 0 -> "TUMBLE(TABLE " + table + ", DESCRIPTOR(ts), INTERVAL '5' SECOND)";
            case 1 -> "TUMBLE(TABLE " + table + ", DESCRIPTOR(ts), INTERVAL '10' SECOND)";
            case 2 -> "HOP(TABLE " + table + ", DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)";
            default -> "CUMULATE(TABLE " + table + ", DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)";
        };
        return aggregated ? "(SELECT window_start, window_end, k, COUNT(*) AS c FROM TABLE(" + function
                + ") GROUP BY window_start, window_end, k)" : "(SELECT * FROM TABLE(" + function + "))";
    }

    /** An interval join: t's rows with another table's rows of the same key within a few seconds of them. */
    private static String intervalJoin(Random random, String other, String otherValue, int smallestBound) {
        int before = smallestBound + random.nextInt(4 - smallestBound);
        int after = smallestBound + random.nextInt(4 - smallestBound);
        String bounds = random.nextBoolean()
                ? "x.ts BETWEEN y.ts - INTERVAL '" + before + "' SECOND AND y.ts + INTERVAL '" + after + "' SECOND"
                : "x.ts > y.ts - INTERVAL '" + before + "' SECOND AND x.ts < y.ts + INTERVAL '" + after + "' SECOND";
        return "SELECT x.k, x.v, CAST(x.ts AS TIMESTAMP(3)) AS ts, " + otherValue
                + ", CAST(y.ts AS TIMESTAMP(3)) AS uts FROM t x "
                + joinType(random)
                + " " + other + " y ON x.k = y.k AND " + bounds;
    }

    /** A regular join on the key, of the rows or counted per key. */
    private static String regularJoin(Random random) {
        String join = " FROM t x " + joinType(random) + " u y ON x.k = y.k";
        return random.nextBoolean() ? "SELECT x.k, x.v, y.k AS k2, y.w" + join
                : "SELECT x.k, COUNT(*) AS c, SUM(y.w) AS s" + join + " GROUP BY x.k";
    }

    /** An event-time temporal join: each row of t with the version of u's row of its key at its time. */
    private static String temporalJoin(Random random) {
        return "SELECT x.k, x.v, x.ts, y.w FROM t x " + (random.nextBoolean() ? "JOIN" : "LEFT JOIN")
                + " u FOR SYSTEM_TIME AS OF x.ts AS y ON x.k = y.k";
    }
}
