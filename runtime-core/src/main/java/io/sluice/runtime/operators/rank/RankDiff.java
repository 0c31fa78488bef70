package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.Output;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Emits how a partition's kept ranks changed, given the rows at those ranks before and after one input row. */
final class RankDiff {
    private final long rankStart;
    private final boolean outputRankNumber;
    private final boolean generateUpdateBefore;

    RankDiff(long rankStart, boolean outputRankNumber, boolean generateUpdateBefore) {
        this.rankStart = rankStart;
        this.outputRankNumber = outputRankNumber;
        this.generateUpdateBefore = generateUpdateBefore;
    }

    /**
     * Rank by rank: another row at a rank updates it, also when equal to the row it replaces (a row
     * shifted by one before it, or an equal newer one keeping the last), as Flink emits each shift.
     */
    void emitByPosition(List<Row> before, List<Row> after, Output output) {
        for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
            Row old = i < before.size() ? before.get(i) : null;
            Row now = i < after.size() ? after.get(i) : null;
            if (old == null) {
                output.emit(ranked(RowKind.INSERT, now, i));
            } else if (now == null) {
                output.emit(ranked(RowKind.DELETE, old, i));
            } else if (old != now) {
                if (generateUpdateBefore) {
                    output.emit(ranked(RowKind.UPDATE_BEFORE, old, i));
                }
                output.emit(ranked(RowKind.UPDATE_AFTER, now, i));
            }
        }
    }

    /**
     * Without rank numbers: rows that left the kept ranks are deleted, rows that entered inserted; a row
     * replaced by an equal one (a retracted duplicate) too, as Flink emits it.
     */
    void emitBySet(List<Row> before, List<Row> after, Output output) {
        List<Row> left = new ArrayList<>(before);
        List<Row> entered = new ArrayList<>();
        for (Row row : after) {
            if (!removeIdentical(left, row)) {
                entered.add(row);
            }
        }
        // by set only when the rank number is constant (rn = N), so each row's is the first rank's
        left.forEach(row -> output.emit(ranked(RowKind.DELETE, row, 0)));
        entered.forEach(row -> output.emit(ranked(RowKind.INSERT, row, 0)));
    }

    private Row ranked(RowKind kind, Row row, int position) {
        if (!outputRankNumber) {
            return row.withKind(kind);
        }
        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 1);
        fields[row.arity()] = rankStart + position;
        return new Row(kind, fields);
    }

    private static boolean removeIdentical(List<Row> rows, Row row) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) == row) {
                rows.remove(i);
                return true;
            }
        }
        return false;
    }
}
