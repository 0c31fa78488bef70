package io.sluice.planner.changelog;

import io.sluice.api.data.ChangelogMode;
import io.sluice.planner.parse.Statement.ConflictStrategy;
import java.util.List;

/**
 * What planning decided for one sink.
 *
 * @param accepted           the kinds the sink accepts (its answer to the requested mode)
 * @param upsertMaterialize  true when a SinkUpsertMaterializer goes before the sink
 * @param conflictStrategy   the materializer's strategy (null without one)
 * @param upsertKey          the input's upsert key the materializer matches retractions on (empty if none)
 * @param matchFields        the deterministic input fields, matched when there is no upsert key
 * @param nonDeterministic   names of input fields that are not deterministic (never matched on)
 */
public record SinkDecision(ChangelogMode accepted, boolean upsertMaterialize, ConflictStrategy conflictStrategy,
                           int[] upsertKey, int[] matchFields, List<String> nonDeterministic) {
}
