package io.sluice.experiments;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The flush settings the experiment compares, named by what they do to a key that is deleted and
 * inserted again (a -D/+I pair, as an update that moves a row arrives).
 */
enum Scenario {
    /** Flushes of 100 rows and a timer too slow to fire: each -D/+I pair falls into one flush. */
    PAIR_IN_ONE_FLUSH(100, "30 s"),
    /** A flush per row: the -D and its +I are written by two flushes, and a reader can see the key missing. */
    FLUSH_PER_ROW(1, "0");

    private final int maxRows;
    private final String interval;

    Scenario(int maxRows, String interval) {
        this.maxRows = maxRows;
        this.interval = interval;
    }

    /** {@code sink.buffer-flush.max-rows}. */
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
