package io.sluice.runtime.functions;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Regular-expression functions for generated code, with Flink's semantics: Java regular expressions,
 * and a pattern that does not compile gives NULL (FALSE for REGEXP) rather than failing the job.
 * Patterns are compiled once per process (the planner checks constant patterns before the job runs).
 */
public final class RegexFunctions {
    /** Bounds the cache when patterns come from data, which could otherwise grow it without limit. */
    private static final int MAX_CACHED_PATTERNS = 1_000;
    private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private RegexFunctions() {
    }

    /** {@code REGEXP(value, regex)}: whether some part of {@code value} matches. */
    public static boolean matches(String value, String regex) {
        Pattern pattern = pattern(regex);
        return pattern != null && !regex.isEmpty() && pattern.matcher(value).find();
    }

    /** {@code REGEXP_REPLACE(value, regex, replacement)}: every match replaced ({@code $1} refers to a group). */
    public static String replace(String value, String regex, String replacement) {
        Pattern pattern = pattern(regex);
        if (pattern == null) {
            return null;
        }
        try {
            return pattern.matcher(value).replaceAll(replacement);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    /** {@code REGEXP_EXTRACT(value, regex)}: the first match. */
    public static String extract(String value, String regex) {
        return extract(value, regex, 0);
    }

    /** {@code REGEXP_EXTRACT(value, regex, group)}: that group of the first match; NULL without one. */
    public static String extract(String value, String regex, long group) {
        Pattern pattern = pattern(regex);
        if (pattern == null) {
            return null;
        }
        Matcher matcher = pattern.matcher(value);
        if (!matcher.find() || group < 0 || group > matcher.groupCount()) {
            return null;
        }
        return matcher.group((int) group);
    }

    /** The compiled pattern, or null when {@code regex} is not a valid regular expression. */
    static Pattern pattern(String regex) {
        Pattern cached = PATTERNS.get(regex);
        if (cached != null) {
            return cached;
        }
        try {
            Pattern compiled = Pattern.compile(regex);
            if (PATTERNS.size() >= MAX_CACHED_PATTERNS) {
                PATTERNS.clear();
            }
            PATTERNS.put(regex, compiled);
            return compiled;
        } catch (PatternSyntaxException e) {
            return null;
        }
    }
}
