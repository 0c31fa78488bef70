package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;

/**
 * Turns an upsert stream (+I/+U per key, -D possibly carrying only the key) into a full changelog by
 * keeping the last row of each key: +I for a new key, -U (when asked for) and +U for a changed row,
 * nothing for an identical row, -D with the full old row for a known key's delete, nothing for an
 * unknown key. A -U counts as a delete, as in Flink.
 */
public final class ChangelogNormalizeOperator implements OneInputOperator {
    private final ExecNodes.ChangelogNormalize node;
    private final KeyProjection keys;
    private HashMap<Object, Row> lastRows = new HashMap<>();

    public ChangelogNormalizeOperator(ExecNodes.ChangelogNormalize node) {
        this.node = node;
        this.keys = new KeyProjection(node.keys());
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = keys.keyOf(row);
        Row last = lastRows.get(key);
        if (row.kind().isRetract()) {
            if (last != null) {
                lastRows.remove(key);
                output.emit(last.withKind(RowKind.DELETE));
            }
            return;
        }
        if (last != null && Arrays.deepEquals(last.fields(), row.fields())) {
            return;
        }
        Row stored = row.copy();
        stored.setKind(RowKind.INSERT);
        lastRows.put(key, stored);
        if (last == null) {
            output.emit(stored);
            return;
        }
        if (node.generateUpdateBefore()) {
            output.emit(last.withKind(RowKind.UPDATE_BEFORE));
        }
        output.emit(stored.withKind(RowKind.UPDATE_AFTER));
    }

    @Override
    public Serializable snapshotState() {
        return new HashMap<>(lastRows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void restoreState(Serializable state) {
        lastRows = new HashMap<>((HashMap<Object, Row>) state);
    }
}
