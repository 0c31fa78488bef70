package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.aggregate.KeyedRows;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a changelog into upserts on the sink's primary key (seed 003, fixed). Per primary key it keeps
 * the rows currently contributing, in arrival order, and the sink shows one of them: the last
 * (DEDUPLICATE) or the first (NOTHING); ERROR fails on a second distinct row.
 *
 * <p>Rows are matched on the upsert keys when the planner found them, else on the deterministic
 * fields (all fields when every field is deterministic) — never on the full row when a field such as
 * {@code CURRENT_TIMESTAMP} differs between a row and its later retraction; that mismatch used to
 * leave a stale row in the sink. An accumulating row replaces its match or is appended; a retraction
 * removes its match: the last row going emits -D, the shown row going emits +U of the next one to
 * show. A retraction that matches nothing is logged and ignored.
 */
public final class SinkUpsertMaterializerOperator implements OneInputOperator {
    private static final Logger LOG = LoggerFactory.getLogger(SinkUpsertMaterializerOperator.class);

    /** Which row a primary key shows when several contribute. */
    enum ConflictStrategy { DEDUPLICATE, NOTHING, ERROR }

    private final ExecNodes.SinkUpsertMaterializer node;
    private final KeyProjection primaryKey;
    private final KeyProjection matchKey;
    private final ConflictStrategy strategy;
    private final KeyedRows rowsByKey = new KeyedRows();
    private String operatorName = "SinkUpsertMaterializer";

    public SinkUpsertMaterializerOperator(ExecNodes.SinkUpsertMaterializer node) {
        this.node = node;
        this.primaryKey = new KeyProjection(node.primaryKey());
        this.matchKey = new KeyProjection(matchFields(node));
        this.strategy = strategyOf(node.conflictStrategy());
    }

    private static int[] matchFields(ExecNodes.SinkUpsertMaterializer node) {
        if (node.upsertKeys() != null && node.upsertKeys().length > 0) {
            return node.upsertKeys();
        }
        if (node.matchFields() != null && node.matchFields().length > 0) {
            return node.matchFields();
        }
        return IntStream.range(0, node.outputType().arity()).toArray();
    }

    private static ConflictStrategy strategyOf(String text) {
        if (text == null || text.isBlank()) {
            return ConflictStrategy.DEDUPLICATE;
        }
        try {
            return ConflictStrategy.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unknown ON CONFLICT strategy '" + text
                    + "': expected DEDUPLICATE, NOTHING or ERROR", e);
        }
    }

    @Override
    public void open(OperatorContext context) {
        operatorName = context.operatorName();
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = primaryKey.keyOf(row);
        List<Row> rows = rowsByKey.rowsOf(key);
        if (row.kind().isAccumulate()) {
            accumulate(rows, row, output);
        } else {
            retract(rows, row, output);
        }
        rowsByKey.removeIfEmpty(key);
    }

    private void accumulate(List<Row> rows, Row row, Output output) {
        Row shownBefore = rows.isEmpty() ? null : shown(rows);
        Row stored = row.copy();
        stored.setKind(RowKind.INSERT);
        int match = indexOfMatch(rows, row);
        if (match >= 0) {
            rows.set(match, stored);
        } else {
            if (strategy == ConflictStrategy.ERROR && !rows.isEmpty()) {
                throw conflict(rows.get(0), row);
            }
            rows.add(stored);
        }
        Row shown = shown(rows);
        if (shownBefore == null) {
            output.emit(shown);
        } else if (shown != shownBefore) {
            output.emit(shown.withKind(RowKind.UPDATE_AFTER));
        }
    }

    private void retract(List<Row> rows, Row row, Output output) {
        int match = indexOfMatch(rows, row);
        if (match < 0) {
            LOG.warn("{}: retraction {} matches no row kept for the sink's primary key {}; ignored",
                    operatorName, row, keyText(row));
            return;
        }
        Row shownBefore = shown(rows);
        Row removed = rows.remove(match);
        if (rows.isEmpty()) {
            output.emit(removed.withKind(RowKind.DELETE));
        } else if (removed == shownBefore) {
            output.emit(shown(rows).withKind(RowKind.UPDATE_AFTER));
        }
    }

    private Row shown(List<Row> rows) {
        return strategy == ConflictStrategy.NOTHING ? rows.get(0) : rows.get(rows.size() - 1);
    }

    private int indexOfMatch(List<Row> rows, Row row) {
        for (int i = 0; i < rows.size(); i++) {
            if (matchKey.sameKey(rows.get(i), row)) {
                return i;
            }
        }
        return -1;
    }

    private IllegalStateException conflict(Row kept, Row arriving) {
        return new IllegalStateException(operatorName + ": ON CONFLICT DO ERROR: primary key " + keyText(arriving)
                + " got a second distinct row " + arriving.withKind(RowKind.INSERT) + " while it holds "
                + kept + "; use ON CONFLICT DO DEDUPLICATE or DO NOTHING, or make the key unique");
    }

    private String keyText(Row row) {
        List<String> names = node.outputType().names();
        return IntStream.of(node.primaryKey()).mapToObj(i -> names.get(i) + "=" + row.field(i))
                .collect(Collectors.joining(", ", "(", ")"));
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
