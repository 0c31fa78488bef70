package io.sluice.jdbc.internal;

import java.io.Serializable;
import java.util.List;

/**
 * One flush's statements-to-be: rows to insert (tables without a key), rows to upsert and rows whose
 * key to delete. Rows are field arrays in declared column order. Serializable: an exactly-once sink keeps
 * sealed batches in checkpoints.
 */
public record ChangeBatch(List<Object[]> inserts, List<Object[]> upserts, List<Object[]> deletes)
        implements Serializable {
    public static final ChangeBatch EMPTY = new ChangeBatch(List.of(), List.of(), List.of());

    public ChangeBatch {
        inserts = List.copyOf(inserts);
        upserts = List.copyOf(upserts);
        deletes = List.copyOf(deletes);
    }

    /** The rows of {@code phase}. */
    public List<Object[]> rows(WritePhase phase) {
        return switch (phase) {
            case INSERT -> inserts;
            case UPSERT -> upserts;
            case DELETE -> deletes;
        };
    }

    /** Rows in all phases. */
    public int size() {
        return inserts.size() + upserts.size() + deletes.size();
    }
}
