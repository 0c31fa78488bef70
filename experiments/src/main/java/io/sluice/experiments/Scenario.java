package io.sluice.experiments;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The flush settings the experiment compares, named by what they do to a key that is deleted and
 * inserted again (a -D/+I pair, as an update that moves a row arrives).
 */
enum Scenario {
    /** No count flushes and a timer too slow to fire: the input is one flush, so every -D/+I pair is in it. */
    PAIR_IN_ONE_FLUSH(0, "30 s"),
    /**
     * Every row asks for a flush of its own. With a flush in flight the next one starts when it
     * commits, so flushes come as fast as the database commits them, and wherever one commits between
     * a pair's -D and +I a reader can see the key missing.
     */
    FLUSH_PER_ROW(1, "0");

    private final int maxRows;
    private final String interval;

    Scenario(int maxRows, String interval) {
        this.maxRows = maxRows;
        this.interval = interval;
    }

    /** {@code sink.buffer-flush.max-rows}; 0: no count flushes. */
    int maxRows() {
        return maxRows;
    }

    /** {@code sink.buffer-flush.interval}. */
    String interval() {
        return interval;
    }

    /** As written after {@code --scenario}: {@code pair-in-one-flush}, {@code flush-per-row}. */
    String optionValue() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every scenario's option value, for usage texts: {@code pair-in-one-flush|flush-per-row}. */
    static String optionValues() {
        return Arrays.stream(values()).map(Scenario::optionValue).collect(Collectors.joining("|"));
    }

    /** The scenario written as {@code value}, or null. */
    static Scenario ofOptionValue(String value) {
        return Arrays.stream(values()).filter(s -> s.optionValue().equals(value)).findFirst().orElse(null);
    }
}
