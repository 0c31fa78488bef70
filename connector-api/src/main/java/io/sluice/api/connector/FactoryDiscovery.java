package io.sluice.api.connector;

import io.sluice.api.options.ValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the {@link DynamicTableFactory} for a table's {@code 'connector'} option on the classpath. */
public final class FactoryDiscovery {
    private FactoryDiscovery() {
    }

    /**
     * @throws ValidationException naming the table and listing the connectors available when none or
     *                             more than one factory serves {@code identifier}
     */
    public static DynamicTableFactory find(String table, String identifier, ClassLoader classLoader) {
        if (identifier == null || identifier.isBlank()) {
            throw new ValidationException("Table '" + table + "' has no 'connector' option. Available connectors: "
                    + availableText(classLoader));
        }
        List<DynamicTableFactory> matches = new ArrayList<>();
        for (DynamicTableFactory factory : ServiceLoader.load(DynamicTableFactory.class, classLoader)) {
            if (factory.identifier().equals(identifier)) {
                matches.add(factory);
            }
        }
        if (matches.isEmpty()) {
            throw new ValidationException("Table '" + table + "': no connector '" + identifier
                    + "' on the classpath. Available connectors: " + availableText(classLoader));
        }
        if (matches.size() > 1) {
            throw new ValidationException("Table '" + table + "': several factories serve connector '" + identifier
                    + "': " + matches.stream().map(f -> f.getClass().getName()).toList());
        }
        return matches.get(0);
    }

    private static String availableText(ClassLoader classLoader) {
        TreeSet<String> names = available(classLoader);
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** Identifiers of all connectors on the classpath, sorted. */
    public static TreeSet<String> available(ClassLoader classLoader) {
        TreeSet<String> names = new TreeSet<>();
        ServiceLoader.load(DynamicTableFactory.class, classLoader).forEach(f -> names.add(f.identifier()));
        return names;
    }
}
