package io.sluice.api.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.ValidationException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FactoryDiscoveryTest {
    private final ClassLoader classLoader = getClass().getClassLoader();

    /** Registered in this module's test resources under {@code alpha}. */
    public static final class AlphaFactory extends NamedFactory {
        public AlphaFactory() {
            super("alpha");
        }
    }

    /** Registered twice under {@code twin}, with {@link TwinBFactory}. */
    public static final class TwinAFactory extends NamedFactory {
        public TwinAFactory() {
            super("twin");
        }
    }

    public static final class TwinBFactory extends NamedFactory {
        public TwinBFactory() {
            super("twin");
        }
    }

    private abstract static class NamedFactory implements DynamicTableFactory {
        private final String identifier;

        NamedFactory(String identifier) {
            this.identifier = identifier;
        }

        @Override
        public String identifier() {
            return identifier;
        }

        @Override
        public Set<ConfigOption<?>> requiredOptions() {
            return Set.of();
        }

        @Override
        public Set<ConfigOption<?>> optionalOptions() {
            return Set.of();
        }
    }

    @Test
    void findsTheFactoryServingTheConnector() {
        assertThat(FactoryDiscovery.find("t", "alpha", classLoader)).isInstanceOf(AlphaFactory.class);
    }

    @Test
    void unknownConnectorListsTheAvailableOnes() {
        assertThatThrownBy(() -> FactoryDiscovery.find("t", "beta", classLoader))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 't': no connector 'beta' on the classpath. Available connectors: alpha, twin");
    }

    @Test
    void missingConnectorOptionIsNamed() {
        assertThatThrownBy(() -> FactoryDiscovery.find("t", " ", classLoader))
                .hasMessage("Table 't' has no 'connector' option. Available connectors: alpha, twin");
    }

    @Test
    void noConnectorsOnTheClasspathSaysNone() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(FactoryDiscovery.available(empty)).isEmpty();
            assertThatThrownBy(() -> FactoryDiscovery.find("t", "alpha", empty))
                    .hasMessage("Table 't': no connector 'alpha' on the classpath. Available connectors: none");
        }
    }

    @Test
    void severalFactoriesForOneConnectorAreNamed() {
        assertThatThrownBy(() -> FactoryDiscovery.find("t", "twin", classLoader))
                .hasMessageStartingWith("Table 't': several factories serve connector 'twin'")
                .hasMessageContaining(TwinAFactory.class.getName())
                .hasMessageContaining(TwinBFactory.class.getName());
    }

    @Test
    void defaultSourceAndSinkSayTheConnectorCannotBeUsedThatWay() {
        DynamicTableFactory factory = new AlphaFactory();
        FactoryContext context = new FactoryContext(io.sluice.api.table.ObjectIdentifier.of("t"),
                io.sluice.api.table.TableSchema.of(java.util.List.of()),
                new io.sluice.api.options.TableOptions(io.sluice.api.table.ObjectIdentifier.of("t"),
                        java.util.Map.of()), java.util.Map.of());
        assertThatThrownBy(() -> factory.createSink(context))
                .hasMessage("Connector 'alpha' of table 'default_catalog.default_database.t' cannot be used as a sink");
    }
}
