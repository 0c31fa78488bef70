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
 * deduplication, deduplication on rowtime, OVER aggregates, group aggregates (DISTINCT, FILTER), Top-N
 * and grouping sets.
 */
final class EventTimeCaseGenerator {
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 10, 0);
    private static final List<Function<Random, String>> QUERIES = List.of(
            EventTimeCaseGenerator::windowAggregate, EventTimeCaseGenerator::windowAggregate,
            EventTimeCaseGenerator::windowAggregate, EventTimeCaseGenerator::deduplication,
            EventTimeCaseGenerator::windowDeduplication, EventTimeCaseGenerator::overAggregate,
            EventTimeCaseGenerator::groupAggregate, EventTimeCaseGenerator::topN,
            EventTimeCaseGenerator::groupingSets);

    private EventTimeCaseGenerator() {
    }

    static EventTimeCase generate(long seed) {
        Random random = new Random(seed);
        int delay = random.nextInt(4);
        EventTimeCase.Source source = EventTimeCase.Source.values()[random.nextInt(100) < 60 ? 0
                : 1 + random.nextInt(2)];
        List<EventTimeCase.Input> rows = new ArrayList<>();
        Map<String, EventTimeCase.Input> live = new LinkedHashMap<>();
        int clock = 0;
        int count = 4 + random.nextInt(20);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(5);
            int second = random.nextInt(100) < 20 ? Math.max(0, clock - random.nextInt(delay + 5)) : clock;
            String k = random.nextInt(100) < 5 && source != EventTimeCase.Source.UPSERT ? null
                    : String.valueOf((char) ('a' + random.nextInt(3)));
            Integer v = random.nextInt(100) < 10 ? null : random.nextInt(10);
            EventTimeCase.Input row = new EventTimeCase.Input("+I", k, v, START.plusSeconds(second));
            change(source, random, live, row, rows);
        }
        return new EventTimeCase(seed, source, delay, rows,
                QUERIES.get(random.nextInt(QUERIES.size())).apply(random));
    }

    /**
     * Appends a change that keeps the changelog valid: an insert-only table takes the row; a retracting one
     * inserts it, or retracts a live row (deletes it, or updates it to the new row); an upsert one keyed by
     * k inserts, updates or deletes k's row.
     */
    private static void change(EventTimeCase.Source source, Random random, Map<String, EventTimeCase.Input> live,
                               EventTimeCase.Input row, List<EventTimeCase.Input> rows) {
        int dice = random.nextInt(100);
        if (source == EventTimeCase.Source.INSERT_ONLY) {
            rows.add(row);
        } else if (source == EventTimeCase.Source.RETRACT) {
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
        } else {
            EventTimeCase.Input old = live.get(row.k());
            String kind = old == null ? "+I" : dice < 25 ? "-D" : "+U";
            EventTimeCase.Input change = kind.equals("-D") ? new EventTimeCase.Input("-D", old.k(), old.v(), old.ts())
                    : new EventTimeCase.Input(kind, row.k(), row.v(), row.ts());
            if (kind.equals("-D")) {
                live.remove(row.k());
            } else {
                live.put(row.k(), change);
            }
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
                + "window_start, window_end, k ORDER BY ts " + order + ") AS rn FROM TABLE(" + window + ")) WHERE rn = 1";
    }

    private static String overAggregate(Random random) {
        String frame = random.nextBoolean() ? "ROWS BETWEEN 2 PRECEDING AND CURRENT ROW"
                : "RANGE BETWEEN INTERVAL '5' SECOND PRECEDING AND CURRENT ROW";
        String aggregate = List.of("COUNT(v)", "SUM(v)", "MIN(v)", "MAX(v)", "COUNT(*)").get(random.nextInt(5));
        return "SELECT k, v, ts, " + aggregate + " OVER (PARTITION BY k ORDER BY ts " + frame + ") AS o FROM t";
    }
}
