package io.sluice.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/** {@code --log-level}: the level of Sluice's own loggers for one run, over what the configuration says. */
final class LogLevel {
    static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
    private static final String SLUICE_LOGGERS = "io.sluice";

    private LogLevel() {
    }

    /**
     * @return {@code level} in upper case
     * @throws IllegalArgumentException naming the level and the ones there are
     */
    static String parse(String level) {
        String upper = level.toUpperCase(Locale.ROOT);
        if (!LEVELS.contains(upper)) {
            throw new IllegalArgumentException("--log-level '" + level + "' is none of " + String.join(", ", LEVELS));
        }
        return upper;
    }

    /** Sets the level when Logback logs; a user's own logging backend is configured its own way, as {@code err} says. */
    static void apply(String level, PrintStream err) {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (factory instanceof LoggerContext logback) {
            logback.getLogger(SLUICE_LOGGERS).setLevel(Level.toLevel(level));
        } else {
            err.println("WARNING: --log-level sets Logback's levels, but the logging backend in use is "
                    + factory.getClass().getName() + "; configure its levels there.");
        }
    }
}
