package io.sluice.jdbc.internal;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The buffer of a sink without a primary key: every +I becomes a plain INSERT, in arrival order. Such a
 * sink accepts insert-only input; anything else has no row to apply to.
 */
public final class AppendBuffer implements ChangeBuffer {
    private final String table;
    private final List<Object[]> rows = new ArrayList<>();
    private long rowsReceived;

    /** @param table the sink's name for error messages */
    public AppendBuffer(String table) {
        this.table = table;
    }

    @Override
    public void add(Row row) {
        if (row.kind() != RowKind.INSERT) {
            throw new IllegalStateException("JDBC sink '" + table + "' has no primary key and cannot apply " + row
                    + ": please declare primary key for sink table when query contains update/delete record.");
        }
        rows.add(row.copy().fields());
        rowsReceived++;
    }

    @Override
    public void addBatch(ChangeBatch batch) {
        rows.addAll(batch.inserts());
    }

    @Override
    public ChangeBatch batch() {
        return new ChangeBatch(rows, List.of(), List.of());
    }

    @Override
    public void clear() {
        rows.clear();
    }

    @Override
    public int size() {
        return rows.size();
    }

    @Override
    public long rowsReceived() {
        return rowsReceived;
    }

    @Override
    public long rowsReduced() {
        return 0;
    }
}
