package io.sluice.kafka;

/**
 * Turns a symbolic {@code properties.bootstrap.servers} value, such as {@code embedded:kafka}, into
 * broker addresses. Implementations are found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.sluice.kafka.BootstrapResolver}); the embedded broker module provides one.
 */
public interface BootstrapResolver {

    /** True when this resolver serves {@code servers}. */
    boolean accepts(String servers);

    /** The {@code host:port} list to connect to; may start a broker on first use. */
    String resolve(String servers);
}
