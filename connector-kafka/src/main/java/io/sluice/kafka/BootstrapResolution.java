package io.sluice.kafka;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.ObjectIdentifier;
import java.util.ServiceLoader;

/** Applies the {@link BootstrapResolver} that accepts a table's bootstrap servers, if any does. */
final class BootstrapResolution {
    private BootstrapResolution() {
    }

    static String resolve(ObjectIdentifier table, String servers) {
        if (servers == null || servers.isBlank()) {
            throw new ValidationException("Table '" + table + "' needs option 'properties.bootstrap.servers' "
                    + "(host:port of the brokers, or embedded:kafka)");
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (BootstrapResolver resolver : ServiceLoader.load(BootstrapResolver.class, loader)) {
            if (resolver.accepts(servers)) {
                return resolver.resolve(servers);
            }
        }
        if (servers.trim().startsWith("embedded:")) {
            throw new ValidationException("Table '" + table + "': '" + servers.trim() + "' needs the embedded Kafka "
                    + "broker module (sluice-embedded-kafka) on the classpath; the sluice CLI has it");
        }
        return servers;
    }
}
