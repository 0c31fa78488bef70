package io.sluice.api.format;

import io.sluice.api.options.ValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the {@link FormatFactory} a table's {@code format} option names on the classpath. */
public final class FormatDiscovery {
    private FormatDiscovery() {
    }

    /**
     * @param optionKey the option that named the format ({@code format}, {@code value.format}), for errors
     * @throws ValidationException naming the table and the option and listing the formats available
     */
    public static FormatFactory find(String table, String optionKey, String identifier, ClassLoader classLoader) {
        List<FormatFactory> matches = new ArrayList<>();
        TreeSet<String> available = new TreeSet<>();
        for (FormatFactory factory : ServiceLoader.load(FormatFactory.class, classLoader)) {
            available.add(factory.identifier());
            if (factory.identifier().equals(identifier)) {
                matches.add(factory);
            }
        }
        if (matches.size() != 1) {
            throw new ValidationException("Table '" + table + "': " + (matches.isEmpty() ? "no format '" + identifier
                    + "' on the classpath" : "several factories serve format '" + identifier + "'") + " (option '"
                    + optionKey + "'). Available formats: " + (available.isEmpty() ? "none" : String.join(", ",
                    available)));
        }
        return matches.get(0);
    }
}
