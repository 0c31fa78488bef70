package io.sluice.flink;

import io.sluice.jdbc.DeliveryGuarantee;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.types.RowKind;

/**
 * The planner's view of a {@code sluice-jdbc} table: which changes it takes and the Sink V2 that
 * writes them. Like Sluice's {@code jdbc} connector it takes +I, +U and -D with a primary key (an
 * upsert by key needs no -U) and inserts only without one. With {@code 'sink.delivery-guarantee' =
 * 'exactly-once'} the Sink V2 commits through Flink's two-phase commit ({@link ExactlyOnceSink}).
 */
final class SluiceJdbcDynamicTableSink implements DynamicTableSink {
    /** The words of Sluice's planner (and of Flink's own JDBC connector) for updates into a keyless table. */
    static final String PRIMARY_KEY_REQUIRED =
            "please declare primary key for sink table when query contains update/delete record.";

    private static final ChangelogMode UPSERT = ChangelogMode.newBuilder()
            .addContainedKind(RowKind.INSERT)
            .addContainedKind(RowKind.UPDATE_AFTER)
            .addContainedKind(RowKind.DELETE)
            .build();

    private final SinkSpec spec;
    private final Integer parallelism;

    /** @param parallelism {@code sink.parallelism}, or null for the planner's choice */
    SluiceJdbcDynamicTableSink(SinkSpec spec, Integer parallelism) {
        this.spec = spec;
        this.parallelism = parallelism;
    }

    /** @throws ValidationException when a table without a primary key is asked to take updates or deletes */
    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        if (spec.hasPrimaryKey()) {
            return UPSERT;
        }
        if (!requestedMode.containsOnly(RowKind.INSERT)) {
            throw new ValidationException(PRIMARY_KEY_REQUIRED);
        }
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        boolean exactlyOnce = spec.deliveryGuarantee() == DeliveryGuarantee.EXACTLY_ONCE;
        return SinkV2Provider.of(exactlyOnce ? new ExactlyOnceSink(spec) : new SluiceJdbcSink(spec), parallelism);
    }

    @Override
    public DynamicTableSink copy() {
        return new SluiceJdbcDynamicTableSink(spec, parallelism);
    }

    @Override
    public String asSummaryString() {
        return SluiceJdbcTableFactory.IDENTIFIER;
    }
}
