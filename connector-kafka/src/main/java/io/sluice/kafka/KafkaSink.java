package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import java.util.OptionalInt;

/**
 * Writes a table into one topic: {@code kafka} writes what its value format can say (inserts for json,
 * csv and raw; every change for a CDC format), {@code upsert-kafka} writes each key's latest row, a
 * delete as a null value (a tombstone compaction removes).
 */
final class KafkaSink implements TableSink {
    private final KafkaTable table;
    private final String topic;

    KafkaSink(KafkaTable table) {
        this.table = table;
        this.topic = table.sinkTopic();
        table.validateFormats(false);
        int maxRows = table.options().get(KafkaOptions.SINK_BUFFER_MAX_ROWS);
        long interval = table.options().get(KafkaOptions.SINK_BUFFER_INTERVAL).toMillis();
        if ((maxRows > 0) != (interval > 0)) {
            throw table.error("'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must both be greater "
                    + "than 0 to buffer changes per key, or both be 0");
        }
        if (exactlyOnce() && table.options().get(KafkaOptions.SINK_TRANSACTIONAL_ID_PREFIX) == null) {
            throw table.error("'sink.delivery-guarantee' = 'exactly-once' needs 'sink.transactional-id-prefix', "
                    + "unique for this job on the cluster");
        }
        if (table.options().get(KafkaOptions.SINK_PARALLELISM) != null
                && table.options().get(KafkaOptions.SINK_PARALLELISM) < 1) {
            throw table.error("option 'sink.parallelism' must be at least 1");
        }
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requested) {
        if (table.isUpsert()) {
            return requested.without(RowKind.UPDATE_BEFORE);
        }
        ChangelogMode format = table.valueFormat().changelogMode();
        return format.isInsertOnly() ? format : requested;
    }

    @Override
    public boolean requiresPrimaryKeyForUpdates() {
        return table.isUpsert();
    }

    @Override
    public OptionalInt parallelism() {
        Integer parallelism = table.options().get(KafkaOptions.SINK_PARALLELISM);
        return parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism);
    }

    private boolean exactlyOnce() {
        return table.options().get(KafkaOptions.SINK_DELIVERY_GUARANTEE) == KafkaOptions.DeliveryGuarantee.EXACTLY_ONCE;
    }

    @Override
    public SinkWriter createWriter(SinkContext context) {
        return exactlyOnce() ? new KafkaExactlyOnceWriter(table, topic, context)
                : new KafkaSinkWriter(table, topic, context);
    }
}
