package io.sluice.it;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A changelog of single words ({@code +I[word]}, {@code -D[word]}) and the model of what the word
 * count and the count-of-counts (seed 000 Q1 and Q2) must end with.
 */
final class WordChanges {
    private final List<String> lines = new ArrayList<>();
    private final Map<String, Long> counts = new TreeMap<>();
    private long peak;

    /** {@code total} inserted words of a skewed vocabulary of {@code vocabulary} words. */
    static WordChanges insertsOnly(long seed, int total, int vocabulary) {
        Random random = new Random(seed);
        WordChanges words = new WordChanges();
        for (int i = 0; i < total; i++) {
            // The product of two uniform draws favours small indexes: a few words are frequent.
            words.add(RowKind.INSERT, "w" + random.nextInt(1 + random.nextInt(vocabulary)));
        }
        return words;
    }

    /**
     * Every word is inserted up to {@code maxCount} times, then most occurrences are deleted again, in
     * shuffled order: the words end with counts 0 to 3, so the larger counts' groups empty out.
     */
    static WordChanges growThenShrink(long seed, int vocabulary, int maxCount) {
        Random random = new Random(seed);
        WordChanges words = new WordChanges();
        List<String> inserts = new ArrayList<>();
        List<String> deletes = new ArrayList<>();
        for (int w = 0; w < vocabulary; w++) {
            int peak = 1 + random.nextInt(maxCount);
            int end = Math.min(peak, random.nextInt(4));
            for (int i = 0; i < peak; i++) {
                inserts.add("w" + w);
            }
            for (int i = end; i < peak; i++) {
                deletes.add("w" + w);
            }
        }
        Collections.shuffle(inserts, random);
        Collections.shuffle(deletes, random);
        inserts.forEach(word -> words.add(RowKind.INSERT, word));
        deletes.forEach(word -> words.add(RowKind.DELETE, word));
        return words;
    }

    List<String> lines() {
        return lines;
    }

    /** The words still counted; each as often as it occurs. */
    List<String> remainingWords() {
        List<String> words = new ArrayList<>();
        counts.forEach((word, count) -> words.addAll(Collections.nCopies(count.intValue(), word)));
        return words;
    }

    /** {@code +I[word, cnt]} for every word with a count above 0, sorted. */
    List<String> expectedCounts() {
        List<String> rows = new ArrayList<>();
        counts.forEach((word, count) -> rows.add(RowText.format(Row.insert(word, count))));
        rows.sort(null);
        return rows;
    }

    /** {@code +I[cnt, number of words with that cnt]}, sorted. */
    List<String> expectedCountOfCounts() {
        Map<Long, Long> histogram = new TreeMap<>();
        counts.values().forEach(count -> histogram.merge(count, 1L, Long::sum));
        List<String> rows = new ArrayList<>();
        histogram.forEach((count, words) -> rows.add(RowText.format(Row.insert(count, words))));
        rows.sort(null);
        return rows;
    }

    /** The largest count any word had at some point. */
    long peakCount() {
        return peak;
    }

    private void add(RowKind kind, String word) {
        lines.add(RowText.format(Row.of(kind, word)));
        long count = counts.merge(word, kind == RowKind.INSERT ? 1L : -1L, Long::sum);
        peak = Math.max(peak, count);
        if (count == 0) {
            counts.remove(word);
        }
    }
}
