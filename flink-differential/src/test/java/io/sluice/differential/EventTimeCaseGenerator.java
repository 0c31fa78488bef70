package io.sluice.differential;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Seeded event-time cases: rows mostly in time order, some behind it (late when further back than the
 * watermark's delay), NULL keys and values; a query from a small grammar of window aggregations
 * (TUMBLE, HOP, CUMULATE, SESSION), window deduplication, deduplication on rowtime and OVER aggregates.
 */
final class EventTimeCaseGenerator {
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 10, 0);
    private static final List<Function<Random, String>> QUERIES = List.of(
            EventTimeCaseGenerator::windowAggregate, EventTimeCaseGenerator::windowAggregate,
            EventTimeCaseGenerator::windowAggregate, EventTimeCaseGenerator::deduplication,
            EventTimeCaseGenerator::windowDeduplication, EventTimeCaseGenerator::overAggregate);

    private EventTimeCaseGenerator() {
    }

    static EventTimeCase generate(long seed) {
        Random random = new Random(seed);
        int delay = random.nextInt(4);
        List<EventTimeCase.Input> rows = new ArrayList<>();
        int clock = 0;
        int count = 4 + random.nextInt(20);
        for (int i = 0; i < count; i++) {
            clock += random.nextInt(5);
            int second = random.nextInt(100) < 20 ? Math.max(0, clock - random.nextInt(delay + 5)) : clock;
            String k = random.nextInt(100) < 5 ? null : String.valueOf((char) ('a' + random.nextInt(3)));
            Integer v = random.nextInt(100) < 10 ? null : random.nextInt(10);
            rows.add(new EventTimeCase.Input(k, v, START.plusSeconds(second)));
        }
        return new EventTimeCase(seed, delay, rows, QUERIES.get(random.nextInt(QUERIES.size())).apply(random));
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

    private static String windowAggregate(Random random) {
        boolean byKey = random.nextBoolean();
        List<String> aggregates = new ArrayList<>(List.of("COUNT(*)", "SUM(v)", "MIN(v)", "MAX(v)", "COUNT(v)",
                "COUNT(DISTINCT v)", "AVG(v)", "COUNT(*) FILTER (WHERE v > 4)"));
        java.util.Collections.shuffle(aggregates, random);
        List<String> selected = aggregates.subList(0, 1 + random.nextInt(3));
        List<String> named = new ArrayList<>();
        for (int i = 0; i < selected.size(); i++) {
            named.add(selected.get(i) + " AS a" + i);
        }
        String keys = byKey ? ", k" : "";
        return "SELECT window_start, window_end" + keys + ", " + String.join(", ", named) + " FROM TABLE("
                + windowFunction(random, byKey) + ") GROUP BY window_start, window_end" + keys;
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
