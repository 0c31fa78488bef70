package io.sluice.experiments;

/**
 * One poll of the observed key.
 *
 * @param timeMicros    when the query was sent, in microseconds since the epoch
 * @param value         the key's amount, or null when the key was absent
 * @param committedSeq  the highest {@code seq} in the table: the last changelog row the database had
 *                      committed, as far as rows still present tell (-1 for an empty table)
 */
record Observation(long timeMicros, Long value, long committedSeq) {

    boolean present() {
        return value != null;
    }

    /** Whether the database's visible state changed between {@code this} poll and {@code next}. */
    boolean changedBefore(Observation next) {
        return present() != next.present() || committedSeq != next.committedSeq
                || (present() && !value.equals(next.value));
    }
}
