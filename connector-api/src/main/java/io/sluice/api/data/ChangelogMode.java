package io.sluice.api.data;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The set of row kinds a node produces or a sink accepts. Immutable; printed as Flink does:
 * {@code [I,UB,UA,D]}, or {@code NONE} when empty.
 */
public final class ChangelogMode {
    private static final ChangelogMode INSERT_ONLY = of(RowKind.INSERT);
    private static final ChangelogMode UPSERT = of(RowKind.INSERT, RowKind.UPDATE_AFTER, RowKind.DELETE);
    private static final ChangelogMode ALL = of(RowKind.values());

    private final Set<RowKind> kinds;

    private ChangelogMode(Set<RowKind> kinds) {
        this.kinds = Collections.unmodifiableSet(kinds);
    }

    public static ChangelogMode of(RowKind... kinds) {
        EnumSet<RowKind> set = EnumSet.noneOf(RowKind.class);
        set.addAll(Arrays.asList(kinds));
        return new ChangelogMode(set);
    }

    public static ChangelogMode of(Set<RowKind> kinds) {
        return new ChangelogMode(kinds.isEmpty() ? EnumSet.noneOf(RowKind.class) : EnumSet.copyOf(kinds));
    }

    /** Only +I. */
    public static ChangelogMode insertOnly() {
        return INSERT_ONLY;
    }

    /** +I, +U and -D: updates by key, without the old image. */
    public static ChangelogMode upsert() {
        return UPSERT;
    }

    /** Every kind: +I, -U, +U, -D. */
    public static ChangelogMode all() {
        return ALL;
    }

    /**
     * Parses a comma-separated list of kinds such as {@code I,UB,UA,D} or {@code +I,-D}.
     *
     * @throws IllegalArgumentException naming the part that is not a kind
     */
    public static ChangelogMode parse(String text) {
        EnumSet<RowKind> set = EnumSet.noneOf(RowKind.class);
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                set.add(RowKind.parse(part.trim()));
            }
        }
        return new ChangelogMode(set);
    }

    public Set<RowKind> kinds() {
        return kinds;
    }

    public boolean contains(RowKind kind) {
        return kinds.contains(kind);
    }

    public boolean containsOnly(RowKind kind) {
        return kinds.size() == 1 && kinds.contains(kind);
    }

    public boolean isInsertOnly() {
        return containsOnly(RowKind.INSERT);
    }

    /** True when the mode carries updates or deletes. */
    public boolean isUpdating() {
        return contains(RowKind.UPDATE_AFTER) || contains(RowKind.UPDATE_BEFORE) || contains(RowKind.DELETE);
    }

    /** A copy of this mode with {@code kind} added. */
    public ChangelogMode with(RowKind kind) {
        EnumSet<RowKind> set = EnumSet.of(kind);
        set.addAll(kinds);
        return new ChangelogMode(set);
    }

    /** A copy of this mode without {@code kind}. */
    public ChangelogMode without(RowKind kind) {
        EnumSet<RowKind> set = EnumSet.noneOf(RowKind.class);
        set.addAll(kinds);
        set.remove(kind);
        return new ChangelogMode(set);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChangelogMode other && kinds.equals(other.kinds);
    }

    @Override
    public int hashCode() {
        return kinds.hashCode();
    }

    /** {@code [I,UB,UA,D]} as in Flink's plans; {@code NONE} for the empty mode. */
    @Override
    public String toString() {
        if (kinds.isEmpty()) {
            return "NONE";
        }
        return kinds.stream().map(RowKind::modeString).collect(Collectors.joining(",", "[", "]"));
    }

    /** {@code I,UB,UA,D} without brackets, as written in the {@code changelog-mode} option. */
    public String toOptionString() {
        return kinds.stream().map(RowKind::modeString).collect(Collectors.joining(","));
    }
}
