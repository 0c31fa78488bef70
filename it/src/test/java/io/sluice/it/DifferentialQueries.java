package io.sluice.it;

import io.sluice.it.DifferentialQuery.Column;
import io.sluice.it.DifferentialQuery.KeyKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * The grammar of the differential test's queries over {@code src(id INT, g INT, h STRING, v INT)}
 * (key id; g and h never NULL, v sometimes) and {@code dim(k INT, name STRING, w INT)} (key k):
 * projections with renames, injective and lossy casts and CASE; filters on key and non-key columns;
 * GROUP BY with COUNT, SUM, MIN, MAX, AVG and COUNT(DISTINCT), HAVING and aggregates of aggregates;
 * inner and left joins; Top-N and deduplication; UNION ALL. Each query comes with a sink key that is
 * its upsert key, a superset of it, or another key written with ON CONFLICT DO DEDUPLICATE.
 */
final class DifferentialQueries {
    private static final String[] FILTERS = {"v > 0", "MOD(id, 3) <> 0", "h <> 'z'", "v IS NOT NULL", "g < 2 OR v < 0"};
    private static final String[] HAVING = {"COUNT(*) >= 2", "COUNT(*) < 3", "SUM(v) > 0"};

    private final Random random;

    DifferentialQueries(Random random) {
        this.random = random;
    }

    DifferentialQuery next() {
        return switch (random.nextInt(7)) {
            case 0 -> projection();
            case 1, 2 -> aggregate();
            case 3 -> aggregateOfAggregate();
            case 4 -> join();
            case 5 -> topN();
            default -> unionAll();
        };
    }

    private DifferentialQuery projection() {
        List<String> select = new ArrayList<>(List.of("id", "g", "h", "v"));
        List<Column> columns = new ArrayList<>(List.of(intColumn("id"), intColumn("g"), text("h"), intColumn("v")));
        if (random.nextBoolean()) {
            select.add("CAST(g AS BIGINT) AS g2");
            columns.add(new Column("g2", "BIGINT"));
        }
        if (random.nextBoolean()) {
            select.add("v / 3 AS v3");
            columns.add(intColumn("v3"));
        }
        if (random.nextBoolean()) {
            select.add("CASE WHEN v > 0 THEN 'pos' ELSE 'neg' END AS sign");
            columns.add(text("sign"));
        }
        String sql = "SELECT " + String.join(", ", select) + " FROM {src}" + where();
        return keyed(sql, columns, List.of("id"), "g");
    }

    private DifferentialQuery aggregate() {
        String[][] keyChoices = {{"g"}, {"h"}, {"g", "h"}, {"MOD(id, 4) AS m"}};
        String[] keys = keyChoices[random.nextInt(keyChoices.length)];
        List<String> keyNames = new ArrayList<>();
        List<Column> columns = new ArrayList<>();
        for (String key : keys) {
            String name = key.contains(" AS ") ? key.substring(key.lastIndexOf(' ') + 1) : key;
            keyNames.add(name);
            columns.add(name.equals("h") ? text(name) : intColumn(name));
        }
        List<String> select = new ArrayList<>(List.of(keys));
        select.add("COUNT(*) AS cnt");
        columns.add(new Column("cnt", "BIGINT"));
        addAggregates(select, columns);
        String groupBy = keyNames.contains("m") ? "MOD(id, 4)" : String.join(", ", keyNames);
        String sql = "SELECT " + String.join(", ", select) + " FROM " + aggregateInput() + " GROUP BY " + groupBy
                + (random.nextInt(3) == 0 ? " HAVING " + pick(HAVING) : "");
        return keyed(sql, columns, keyNames, "cnt");
    }

    private void addAggregates(List<String> select, List<Column> columns) {
        String[][] aggregates = {{"COUNT(v)", "cv", "BIGINT"}, {"SUM(v)", "sv", "INT"}, {"MIN(v)", "mn", "INT"},
            {"MAX(v)", "mx", "INT"}, {"{avg:v}", "av", "INT"}, {"COUNT(DISTINCT h)", "dh", "BIGINT"}};
        for (String[] aggregate : aggregates) {
            if (random.nextInt(3) == 0) {
                select.add(aggregate[0] + " AS " + aggregate[1]);
                columns.add(new Column(aggregate[1], aggregate[2]));
            }
        }
    }

    /** What an aggregate reads: the source, a filtered projection of it, a join or a union with repeats. */
    private String aggregateInput() {
        return switch (random.nextInt(4)) {
            case 0 -> "{src}";
            case 1 -> "(SELECT id, g, h, v FROM {src}" + where() + ") AS t";
            case 2 -> "(SELECT s.id, s.g, d.name AS h, s.v FROM {src} AS s JOIN {dim} AS d ON s.g = d.k) AS t";
            default -> "(SELECT id, g, h, v FROM {src} UNION ALL SELECT id, g, h, v FROM {src} WHERE "
                    + pick(FILTERS) + ") AS t";
        };
    }

    private DifferentialQuery aggregateOfAggregate() {
        String inner = "SELECT g, h, COUNT(*) AS cnt, SUM(v) AS sv FROM {src}" + where() + " GROUP BY g, h";
        String sql = "SELECT cnt, COUNT(*) AS n, MAX(sv) AS msv FROM (" + inner + ") AS t GROUP BY cnt";
        return keyed(sql, List.of(new Column("cnt", "BIGINT"), new Column("n", "BIGINT"), intColumn("msv")),
                List.of("cnt"), "n");
    }

    private DifferentialQuery join() {
        String type = random.nextBoolean() ? "JOIN" : "LEFT JOIN";
        String sql = "SELECT s.id, s.g, s.v, d.name, d.w FROM {src} AS s " + type + " {dim} AS d ON s.g = d.k"
                + (random.nextBoolean() ? " WHERE s.v > d.w OR s.v IS NULL" : "");
        // an id whose g changes moves between the join's subtasks: the join has no upsert key
        List<Column> columns = List.of(intColumn("id"), intColumn("g"), intColumn("v"), text("name"), intColumn("w"));
        return new DifferentialQuery(sql, columns, random.nextBoolean() ? List.of("id") : List.of("g"), KeyKind.OTHER);
    }

    private DifferentialQuery topN() {
        int n = 1 + random.nextInt(3);
        boolean byValue = random.nextBoolean();
        String order = byValue ? "v DESC, id" : "id";
        String ranked = "SELECT g, id, v, ROW_NUMBER() OVER (PARTITION BY g ORDER BY " + order + ") AS rn FROM {src}"
                + (byValue ? " WHERE v IS NOT NULL" : "");
        if (random.nextBoolean()) {
            String sql = "SELECT g, rn, id, v FROM (" + ranked + ") AS t WHERE rn <= " + n;
            return keyed(sql, List.of(intColumn("g"), new Column("rn", "BIGINT"), intColumn("id"), intColumn("v")),
                    List.of("g", "rn"), "id");
        }
        // without rn only the partition identifies a row, and only of a Top-1
        String sql = "SELECT g, id, v FROM (" + ranked + ") AS t WHERE rn <= " + n;
        List<Column> columns = List.of(intColumn("g"), intColumn("id"), intColumn("v"));
        return n == 1 ? keyed(sql, columns, List.of("g"), "id")
                : new DifferentialQuery(sql, columns, random.nextBoolean() ? List.of("id") : List.of("g"), KeyKind.OTHER);
    }

    /** Two branches that never hold the same id at once; the union has no upsert key, so only OTHER keys. */
    private DifferentialQuery unionAll() {
        String sql = "SELECT id, g, v FROM {src} WHERE v > 0 UNION ALL SELECT id, g, v FROM {src} WHERE v < 0";
        List<Column> columns = List.of(intColumn("id"), intColumn("g"), intColumn("v"));
        return new DifferentialQuery(sql, columns, random.nextBoolean() ? List.of("id") : List.of("g"), KeyKind.OTHER);
    }

    /** The query with one of three sink keys: its upsert key, that plus {@code changing}, or {@code changing} alone. */
    private DifferentialQuery keyed(String sql, List<Column> columns, List<String> upsertKey, String changing) {
        return switch (random.nextInt(3)) {
            case 0 -> new DifferentialQuery(sql, columns, upsertKey, KeyKind.UPSERT_KEY);
            case 1 -> new DifferentialQuery(sql, columns, concat(upsertKey, changing), KeyKind.SUPERSET);
            default -> new DifferentialQuery(sql, columns, List.of(changing), KeyKind.OTHER);
        };
    }

    private String where() {
        return random.nextBoolean() ? "" : " WHERE " + pick(FILTERS);
    }

    private String pick(String[] choices) {
        return choices[random.nextInt(choices.length)];
    }

    private static List<String> concat(List<String> key, String column) {
        return java.util.stream.Stream.concat(key.stream(), java.util.stream.Stream.of(column))
                .collect(Collectors.toList());
    }

    private static Column intColumn(String name) {
        return new Column(name, "INT");
    }

    private static Column text(String name) {
        return new Column(name, "VARCHAR(20)");
    }
}
