package io.sluice.experiments;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the experiment's changelog over rows {@code (id, amount, seq)}: key {@value #KEY} is inserted
 * first, then deleted and re-inserted with a new amount once
 * in every group of {@value #GROUP} rows, among inserts and updates of {@value #OTHER_KEYS} other keys.
 * {@code seq} is the row's position, so a reader of the table can tell how much of the changelog is
 * committed.
 *
 * <p>Each pair sits at offsets {@value #PAIR_OFFSET} and {@value #PAIR_OFFSET}+1 of its group. A sink
 * that flushes after every {@code max-rows} rows flushes after positions {@code k * max-rows - 1}; when
 * {@code max-rows} is a multiple of {@value #GROUP}, that is always the last row of a group, so no pair
 * ever straddles a count flush. The changelog is also consistent (no delete of an absent key, inserts
 * only of absent keys, updates only of present ones), so no operator before the sink has a reason to
 * drop or add rows that would shift those positions.
 */
final class ChangelogGenerator {
    static final long KEY = 1001;
    static final int GROUP = 10;
    static final int PAIR_OFFSET = 4;
    static final int OTHER_KEYS = 50;

    private final List<String> rows = new ArrayList<>();
    private final List<Integer> pairStarts = new ArrayList<>();
    private final Set<Long> presentOtherKeys = new HashSet<>();
    private long keyValue;
    private int keyRowPosition;
    private long nextOtherKey;

    private ChangelogGenerator() {
    }

    /** A changelog of exactly {@code changes} rows that ends with the key present. */
    static Changelog generate(int changes) {
        if (changes < GROUP) {
            throw new IllegalArgumentException("the changelog needs at least " + GROUP + " changes, got " + changes);
        }
        ChangelogGenerator generator = new ChangelogGenerator();
        generator.row("+I", KEY, 0, 0);
        while (generator.rows.size() < changes) {
            int position = generator.rows.size();
            if (position % GROUP == PAIR_OFFSET && position + 1 < changes) {
                generator.deleteAndReinsert();
            } else {
                generator.otherKeyChange();
            }
        }
        return new Changelog(generator.rows, generator.pairStarts, generator.keyValue);
    }

    /**
     * Whether the pair starting at {@code position} falls into one flush when flushes start after every
     * {@code maxRows} rows (0: only at the end of the input).
     */
    static boolean withinOneFlush(int position, int maxRows) {
        return maxRows == 0 || position / maxRows == (position + 1) / maxRows;
    }

    private void deleteAndReinsert() {
        pairStarts.add(rows.size());
        // A full delete: it carries the row it removes, as Flink's -D does.
        row("-D", KEY, keyValue, keyRowPosition);
        keyValue++;
        keyRowPosition = rows.size();
        row("+I", KEY, keyValue, keyRowPosition);
    }

    private void otherKeyChange() {
        long key = 1 + nextOtherKey;
        nextOtherKey = (nextOtherKey + 1) % OTHER_KEYS;
        row(presentOtherKeys.add(key) ? "+I" : "+U", key, rows.size(), rows.size());
    }

    private void row(String kind, long key, long amount, int seq) {
        rows.add(kind + "[" + key + ", " + amount + ", " + seq + "]");
    }
}
