package io.sluice.planner.config;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import io.sluice.runtime.execution.ExecutionOptions;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every option a session takes through {@code SET} or the command line: the planner's and the
 * runtime's, each declared once where it is read. A key nobody reads is refused, with the closest
 * known key, since an accepted typo would silently change nothing.
 */
public final class SessionOptions {
    private static final List<ConfigOption<?>> ALL = Stream.concat(ExecutionOptions.ALL.stream(),
            PlannerOptions.ALL.stream()).sorted(Comparator.comparing(ConfigOption::key)).toList();
    private static final Map<String, ConfigOption<?>> BY_KEY = ALL.stream()
            .collect(Collectors.toMap(ConfigOption::key, Function.identity()));

    private SessionOptions() {
    }

    /** Every option, ordered by key. */
    public static List<ConfigOption<?>> all() {
        return ALL;
    }

    /**
     * Checks that {@code key} is a known option.
     *
     * @throws ValidationException naming the key and the closest known one
     */
    public static ConfigOption<?> require(String key) {
        ConfigOption<?> option = BY_KEY.get(key);
        if (option == null) {
            throw new ValidationException("Unknown option '" + key + "'; did you mean '" + closest(key) + "'? "
                    + "SET lists the options set in this session; docs/sql.md lists them all");
        }
        return option;
    }

    /**
     * Checks {@code key} and that {@code value} parses for it.
     *
     * @throws ValidationException naming the key, and the value unless the option is secret
     */
    public static void check(String key, String value) {
        require(key).parse(value);
    }

    /** The known key with the fewest single-character edits from {@code key}. */
    static String closest(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return ALL.stream().map(ConfigOption::key)
                .min(Comparator.comparingInt((String known) -> editDistance(lower, known)).thenComparing(known -> known))
                .orElseThrow();
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
