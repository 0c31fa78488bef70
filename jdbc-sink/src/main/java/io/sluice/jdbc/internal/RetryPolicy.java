package io.sluice.jdbc.internal;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How often and how long to wait before retrying a flush: {@code initialBackoff} doubled per retry,
 * capped at {@code maxBackoff}, with "equal jitter" (half fixed, half random) so that the subtasks of a
 * job that failed together do not retry in lockstep.
 */
public record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff, Sleeper sleeper) {

    /** Waits between retries; tests substitute one that only records. */
    @FunctionalInterface
    public interface Sleeper {
        Sleeper THREAD = duration -> Thread.sleep(duration.toMillis());

        void sleep(Duration duration) throws InterruptedException;
    }

    /** The delay before retry number {@code retry} (1-based). */
    public Duration delay(int retry) {
        long initial = initialBackoff.toMillis();
        long doubled = initial << Math.min(retry - 1, 30);
        long capped = Math.min(doubled < initial ? Long.MAX_VALUE : doubled, maxBackoff.toMillis());
        long half = capped / 2;
        return Duration.ofMillis(half + ThreadLocalRandom.current().nextLong(capped - half + 1));
    }

    /** Sleeps before retry number {@code retry}. */
    public void pause(int retry) throws InterruptedException {
        sleeper.sleep(delay(retry));
    }
}
