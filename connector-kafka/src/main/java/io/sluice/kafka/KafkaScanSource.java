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

    KafkaScanSource(KafkaTable table) {
        this.table = table;
        OffsetSpec.startup(table);
        OffsetSpec.bounded(table);
        table.validateFormats(true);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return table.isUpsert() ? ChangelogMode.upsert() : table.valueFormat().changelogMode();
    }

    @Override
    public boolean isBounded() {
        return OffsetSpec.bounded(table).mode() != BoundedMode.UNBOUNDED;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new KafkaSourceReader(table, subtaskIndex, parallelism);
    }
}
