package io.sluice.it;

import java.util.List;
import java.util.Random;

/**
 * One case of the differential test, made from its seed: the changelogs of {@code src} and
 * {@code dim}, the query and its sink key, and the settings it runs with.
 */
record DifferentialCase(long seed, DifferentialChangelog source, DifferentialChangelog dimension,
                        DifferentialQuery query, DifferentialSettings settings) {
    private static final String[] H_VALUES = {"x", "y", "z"};
    private static final String[] NAMES = {"p", "q"};

    static DifferentialCase generate(long seed) {
        Random random = new Random(seed);
        DifferentialQuery query = new DifferentialQueries(random).next();
        // a key written with ON CONFLICT may show any row of its key: only an exact table can be compared across
        // settings; and only where a group's rows come in the source's order is that table defined
        boolean orphans = query.keyKind() != DifferentialQuery.KeyKind.OTHER && query.readsTheSourceOnce()
                && random.nextInt(3) == 0;
        DifferentialChangelog source = DifferentialChangelog.random(random, 40, 300, id -> new Object[] {id,
            random.nextInt(4), H_VALUES[random.nextInt(H_VALUES.length)],
            random.nextInt(7) == 0 ? null : random.nextInt(41) - 20}, orphans);
        DifferentialChangelog dimension = DifferentialChangelog.random(random, 5, 15, k -> new Object[] {k,
            NAMES[random.nextInt(NAMES.length)], random.nextInt(5) == 0 ? null : random.nextInt(10)}, false);
        return new DifferentialCase(seed, source, dimension, query, DifferentialSettings.random(random));
    }

    DifferentialCase with(DifferentialChangelog newSource, DifferentialChangelog newDimension,
                          DifferentialSettings newSettings) {
        return new DifferentialCase(seed, newSource, newDimension, query, newSettings);
    }

    /** The script with the changelogs in {@code sourceOptions} and {@code dimensionOptions} (a path or the rows). */
    String script(String sourceOptions, String dimensionOptions, String sinkOptions) {
        return settings.statements()
                + "CREATE TABLE src (id INT, g INT, h STRING, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH ("
                + "'connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', " + sourceOptions + ");\n"
                + "CREATE TABLE dim (k INT, name STRING, w INT, PRIMARY KEY (k) NOT ENFORCED) WITH ("
                + "'connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', " + dimensionOptions + ");\n"
                + query.createTable("sink", sinkOptions) + "\n"
                + query.insert("sink") + ";\n";
    }

    /** The script as it stands alone, the rows inline: what a failure prints to reproduce it. */
    String standaloneScript(String sinkOptions) {
        return script(inlineRows(source.lines()), inlineRows(dimension.lines()), sinkOptions);
    }

    private static String inlineRows(List<String> lines) {
        return "'rows' = '" + String.join("\n", lines) + "'";
    }

    @Override
    public String toString() {
        return "seed " + seed + ": " + source.size() + " + " + dimension.size() + " changes, " + settings + ", key "
                + query.primaryKey() + " (" + query.keyKind() + ")";
    }
}
