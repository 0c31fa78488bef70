package io.sluice.kafka.embedded;

import io.sluice.kafka.BootstrapResolver;

/** Serves {@code 'properties.bootstrap.servers' = 'embedded:kafka'} with the in-process broker. */
public final class EmbeddedKafkaResolver implements BootstrapResolver {

    @Override
    public boolean accepts(String servers) {
        return servers != null && servers.trim().equalsIgnoreCase("embedded:kafka");
    }

    @Override
    public String resolve(String servers) {
        return EmbeddedKafkaBroker.bootstrapServers();
    }
}
