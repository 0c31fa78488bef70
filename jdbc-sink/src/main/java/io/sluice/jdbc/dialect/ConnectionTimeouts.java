package io.sluice.jdbc.dialect;

import java.time.Duration;

/**
 * The time limits of every connection a table opens, which a dialect hands to its driver in the
 * driver's own property names and units: without them a server that accepts a connection and then
 * never answers would hold the job forever.
 *
 * @param connect longest wait to open a connection and log in
 * @param socket  longest wait for any single answer of the server once connected
 */
public record ConnectionTimeouts(Duration connect, Duration socket) {

    /** {@code duration} in whole seconds, rounded up, for drivers that take seconds. */
    public static String seconds(Duration duration) {
        return Long.toString((duration.toMillis() + 999) / 1000);
    }

    /** {@code duration} in milliseconds. */
    public static String millis(Duration duration) {
        return Long.toString(duration.toMillis());
    }
}
