package io.sluice.connectors.blackhole;

import static io.sluice.connectors.TestTables.EVERY_TYPE;
import static io.sluice.connectors.TestTables.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.FactoryDiscovery;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlackHoleTableFactoryTest {

    @Test
    void acceptsTheRequestedModeWithoutUpdateBefore() {
        TableSink sink = new BlackHoleTableFactory().createSink(context(EVERY_TYPE, Map.of()));
        assertThat(sink.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.upsert());
        assertThat(sink.getChangelogMode(ChangelogMode.insertOnly())).isEqualTo(ChangelogMode.insertOnly());
    }

    @Test
    void discardsRowsAndCountsThem() throws Exception {
        TableSink sink = new BlackHoleTableFactory().createSink(context(EVERY_TYPE, Map.of()));
        try (SinkWriter writer = sink.createWriter(new SinkContext("job", 0, 1, error -> { }))) {
            writer.write(Row.insert("a"));
            writer.write(Row.of(RowKind.DELETE, "a"));
            assertThat(writer.metrics()).containsEntry("rows-received", 2L);
        }
    }

    @Test
    void takesNoOptionsAndIsNoSource() {
        BlackHoleTableFactory factory = new BlackHoleTableFactory();
        assertThatThrownBy(() -> factory.createSink(context(EVERY_TYPE, Map.of("rows", "x"))))
                .hasMessageContaining("has unknown option 'rows'");
        assertThatThrownBy(() -> factory.createSource(context(EVERY_TYPE, Map.of())))
                .hasMessage("Connector 'blackhole' of table 'default_catalog.default_database.t' cannot be used "
                        + "as a source");
    }

    @Test
    void everyBuiltInConnectorIsDiscovered() {
        ClassLoader loader = getClass().getClassLoader();
        assertThat(FactoryDiscovery.available(loader)).containsExactly("blackhole", "datagen", "filesystem", "nexmark", "print", "values");
        assertThat(FactoryDiscovery.find("t", "blackhole", loader)).isInstanceOf(BlackHoleTableFactory.class);
    }
}
