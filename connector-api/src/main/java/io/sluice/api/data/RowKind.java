package io.sluice.api.data;

/**
 * The kind of change a row stands for in a changelog, as in Flink: an insertion, the old and the new
 * image of an update, or a deletion.
 */
public enum RowKind {
    INSERT("+I", "I"),
    UPDATE_BEFORE("-U", "UB"),
    UPDATE_AFTER("+U", "UA"),
    DELETE("-D", "D");

    private final String shortString;
    private final String modeString;

    RowKind(String shortString, String modeString) {
        this.shortString = shortString;
        this.modeString = modeString;
    }

    /** The prefix of a row's text form: {@code +I}, {@code -U}, {@code +U} or {@code -D}. */
    public String shortString() {
        return shortString;
    }

    /** The name used in {@code changelogMode=[I,UB,UA,D]}: {@code I}, {@code UB}, {@code UA} or {@code D}. */
    public String modeString() {
        return modeString;
    }

    /** True for the kinds that add a row to a table's contents (+I, +U). */
    public boolean isAccumulate() {
        return this == INSERT || this == UPDATE_AFTER;
    }

    /** True for the kinds that take a row away from a table's contents (-U, -D). */
    public boolean isRetract() {
        return this == UPDATE_BEFORE || this == DELETE;
    }

    /** Parses {@code +I}, {@code -U}, {@code +U}, {@code -D} or the mode names {@code I}, {@code UB}, {@code UA}, {@code D}. */
    public static RowKind parse(String text) {
        for (RowKind kind : values()) {
            if (kind.shortString.equals(text) || kind.modeString.equalsIgnoreCase(text)) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                "Unknown row kind '" + text + "': expected one of +I, -U, +U, -D (or I, UB, UA, D)");
    }
}
