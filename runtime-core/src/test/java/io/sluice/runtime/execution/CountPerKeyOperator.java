package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;

/**
 * A stand-in keyed operator: counts rows per first field and emits +I, then -U/+U per change. Records
 * the watermarks and bundle ends it sees, and whether its state was restored.
 */
final class CountPerKeyOperator implements OneInputOperator {
    final List<Long> watermarks = Collections.synchronizedList(new ArrayList<>());
    final List<Integer> rowsPerBundle = Collections.synchronizedList(new ArrayList<>());
    private HashMap<Object, Long> counts = new HashMap<>();
    private int rowsInBundle;

    @Override
    public void processElement(Row row, Output output) {
        Object key = row.field(0);
        Long previous = counts.get(key);
        long count = previous == null ? 1 : previous + 1;
        counts.put(key, count);
        rowsInBundle++;
        if (previous == null) {
            output.emit(Row.of(RowKind.INSERT, key, count));
        } else {
            output.emit(Row.of(RowKind.UPDATE_BEFORE, key, previous));
            output.emit(Row.of(RowKind.UPDATE_AFTER, key, count));
        }
    }

    @Override
    public void processWatermark(long watermark, Output output) {
        watermarks.add(watermark);
    }

    @Override
    public void endOfBundle(Output output) {
        rowsPerBundle.add(rowsInBundle);
        rowsInBundle = 0;
    }

    @Override
    public Serializable snapshotState() {
        return new HashMap<>(counts);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void restoreState(Serializable state) {
        counts = new HashMap<>((HashMap<Object, Long>) state);
    }
}
