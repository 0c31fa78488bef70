package io.sluice.flink;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;

/**
 * Sets each committable's checkpoint id from the lineage Flink attaches to it (the writer's
 * {@code prepareCommit} is not told the id). Summaries pass through.
 */
final class CheckpointIdStamp implements MapFunction<CommittableMessage<SealedCheckpoint>,
        CommittableMessage<SealedCheckpoint>> {
    private static final long serialVersionUID = 1L;

    @Override
    public CommittableMessage<SealedCheckpoint> map(CommittableMessage<SealedCheckpoint> message) {
        if (message instanceof CommittableWithLineage<SealedCheckpoint> committable) {
            return committable.map(sealed -> sealed.withCheckpointId(committable.getCheckpointId()));
        }
        return message;
    }
}
