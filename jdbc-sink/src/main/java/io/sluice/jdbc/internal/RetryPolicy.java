package io.sluice.jdbc.internal;

import io.sluice.api.options.Secrets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How often and how long to wait before retrying a flush, or opening the sink: {@code initialBackoff} doubled per retry,
 * capped at {@code maxBackoff}, with "equal jitter" (half fixed, half random) so that the subtasks of a
 * job that failed together do not retry in lockstep.
 */
public record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff, Sleeper sleeper) {

    private static final Logger LOG = LoggerFactory.getLogger(RetryPolicy.class);

    /** Work on the database that may fail, such as connecting or checking the table. */
    @FunctionalInterface
    public interface DatabaseCall<T> {
        T call() throws SQLException;
    }

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

    /**
     * Runs {@code call}, retrying it after a transient failure (a broken connection, a lost race) as a
     * flush is retried, with a warning that says what failed and how.
     *
     * @param what what the call does, for the warning, such as {@code JDBC table 'x': connecting}
     * @throws SQLException the last failure, once it is not transient or the retries are used up
     */
    public <T> T call(String what, DatabaseCall<T> call) throws SQLException, InterruptedException {
        for (int retry = 1; ; retry++) {
            try {
                return call.call();
            } catch (SQLException e) {
                FailureClass failureClass = FailureClass.of(e);
                if (!failureClass.isTransient() || retry > maxRetries) {
                    throw e;
                }
                LOG.warn("{} failed ({} failure: {}); retry {} of {}", what, failureClass.metricName(), Secrets.mask(e.getMessage()),
                        retry, maxRetries);
                pause(retry);
            }
        }
    }
}
