package io.sluice.kafka;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;

/**
 * A Kafka table read as a stream: inserts, a CDC format's changelog, or (upsert-kafka) an upsert
 * changelog whose null values delete their key. Bounded when {@code scan.bounded.mode} says where to stop.
 */
final class KafkaScanSource implements ScanSource {
    private final KafkaTable table;
    private final OffsetSpec<StartupMode> startup;
    private final OffsetSpec<BoundedMode> bounded;
    private final boolean updateBefore;

    KafkaScanSource(KafkaTable table) {
        this(table, OffsetSpec.startup(table), OffsetSpec.bounded(table), true);
        table.validateFormats(true);
    }

    private KafkaScanSource(KafkaTable table, OffsetSpec<StartupMode> startup, OffsetSpec<BoundedMode> bounded,
                            boolean updateBefore) {
        this.table = table;
        this.startup = startup;
        this.bounded = bounded;
        this.updateBefore = updateBefore;
    }

    @Override
    public ScanSource withoutUpdateBefore() {
        return new KafkaScanSource(table, startup, bounded, false);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return table.isUpsert() ? ChangelogMode.upsert() : table.valueFormat().changelogMode();
    }

    @Override
    public boolean isBounded() {
        return bounded.mode() != BoundedMode.UNBOUNDED;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new KafkaSourceReader(table, startup, bounded, subtaskIndex, parallelism, updateBefore);
    }
}
