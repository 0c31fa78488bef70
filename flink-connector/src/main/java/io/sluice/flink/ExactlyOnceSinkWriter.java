package io.sluice.flink;

import io.sluice.jdbc.CheckpointBuffer;
import io.sluice.jdbc.SealedBatch;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.table.data.RowData;

/**
 * One subtask's writer of an exactly-once {@code sluice-jdbc} sink. It never touches the database: rows
 * go into Sluice's reduce buffer, and at each checkpoint barrier (and at the end of a bounded input)
 * {@link #prepareCommit()} seals them into a {@link SealedCheckpoint} that Flink keeps in the checkpoint
 * and hands to the committer once the checkpoint is complete.
 */
final class ExactlyOnceSinkWriter implements CommittingSinkWriter<RowData, SealedCheckpoint> {
    private final CheckpointBuffer buffer;
    private final RowDataConverter converter;
    private final int subtask;

    ExactlyOnceSinkWriter(CheckpointBuffer buffer, RowDataConverter converter, int subtask) {
        this.buffer = buffer;
        this.converter = converter;
        this.subtask = subtask;
    }

    /** @throws io.sluice.jdbc.JdbcSinkException when more keys wait than the table's bound allows */
    @Override
    public void write(RowData element, Context context) {
        buffer.add(converter.convert(element));
    }

    /** Nothing is written before a checkpoint completes. */
    @Override
    public void flush(boolean endOfInput) {
    }

    @Override
    public Collection<SealedCheckpoint> prepareCommit() {
        SealedBatch batch = buffer.seal();
        return batch == null ? List.of() : List.of(new SealedCheckpoint(subtask, SealedCheckpoint.UNSTAMPED, batch));
    }

    /** Rows not sealed yet are dropped: the last checkpoint's source position replays them after a restore. */
    @Override
    public void close() {
    }
}
