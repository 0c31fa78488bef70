package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.aggregate.KeyedRows;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ON CONFLICT DO DEDUPLICATE: turns a changelog into upserts on the sink's primary key, the last row
 * winning. Per primary key it keeps the rows currently contributing, in arrival order ({@link
 * SinkRowMatching} says which row a change is about), and the sink shows the last. An accumulating row
 * replaces its match or is appended; a retraction removes its match: the last row going emits -D, the
 * shown row going emits +U of the one before it. A retraction that matches nothing is logged and
 * ignored.
 */
public final class SinkUpsertMaterializerOperator implements OneInputOperator {
    private static final Logger LOG = LoggerFactory.getLogger(SinkUpsertMaterializerOperator.class);

    private final SinkRowMatching matching;
    private final KeyedRows rowsByKey = new KeyedRows();
    private String operatorName = "SinkUpsertMaterializer";

    public SinkUpsertMaterializerOperator(ExecNodes.SinkUpsertMaterializer node) {
        this.matching = new SinkRowMatching(node);
    }

    @Override
    public void open(OperatorContext context) {
        operatorName = context.operatorName();
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = matching.primaryKeyOf(row);
        List<Row> rows = rowsByKey.rowsOf(key);
        if (row.kind().isAccumulate()) {
            accumulate(rows, row, output);
        } else {
            retract(rows, row, output);
        }
        rowsByKey.removeIfEmpty(key);
    }

    private void accumulate(List<Row> rows, Row row, Output output) {
        Row shownBefore = rows.isEmpty() ? null : last(rows);
        Row stored = row.copy();
        stored.setKind(RowKind.INSERT);
        int match = matching.indexOfMatch(rows, row);
        if (match >= 0) {
            rows.set(match, stored);
        } else {
            rows.add(stored);
        }
        Row shown = last(rows);
        if (shownBefore == null) {
            output.emit(shown);
        } else if (shown != shownBefore) {
            output.emit(shown.withKind(RowKind.UPDATE_AFTER));
        }
    }

    private void retract(List<Row> rows, Row row, Output output) {
        int match = matching.indexOfMatch(rows, row);
        if (match < 0) {
            LOG.warn("{}: retraction {} matches no row kept for the sink's primary key {}; ignored",
                    operatorName, row, matching.keyText(row));
            return;
        }
        Row shownBefore = last(rows);
        Row removed = rows.remove(match);
        if (rows.isEmpty()) {
            output.emit(removed.withKind(RowKind.DELETE));
        } else if (removed == shownBefore) {
            output.emit(last(rows).withKind(RowKind.UPDATE_AFTER));
        }
    }

    private static Row last(List<Row> rows) {
        return rows.get(rows.size() - 1);
    }

    @Override
    public Serializable snapshotState() {
        return rowsByKey.snapshot();
    }

    @Override
    public void restoreState(Serializable state) {
        rowsByKey.restore(state);
    }
}
