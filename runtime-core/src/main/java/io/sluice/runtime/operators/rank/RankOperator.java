package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.aggregate.KeyedRows;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ROW_NUMBER()} Top-N per partition, keeping ranks {@code rankStart..rankEnd}; with
 * {@code rankEnd == 1} it is deduplication (the first row by the order wins; ties keep the earlier
 * row). Each input row changes its partition's sorted rows and the operator emits the difference of
 * the kept ranks as Flink does: over insert-only input with a rank number (or for deduplication) as
 * updates per rank position; over an updating input so only with a rank number that can vary (not
 * {@code rn = 1}); otherwise as -D of rows that left and +I of rows that entered. Over insert-only
 * input only the first {@code rankEnd} rows are kept; over retracting input all rows are, since a
 * retraction promotes the next one.
 */
public final class RankOperator implements OneInputOperator {
    private final ExecNodes.Rank node;
    private final KeyProjection partitionKeys;
    private final SortOrder order;
    private final boolean keepAllRows;
    private final boolean positional;
    private final RankDiff diff;
    private final KeyedRows partitions = new KeyedRows();

    public RankOperator(ExecNodes.Rank node) {
        this.node = node;
        this.partitionKeys = new KeyProjection(node.partitionKeys());
        this.order = new SortOrder(node.orderBy());
        this.keepAllRows = node.input() == null || !node.input().changelogMode().isInsertOnly();
        this.positional = keepAllRows ? node.outputRankNumber() && node.rankStart() != node.rankEnd()
                : node.outputRankNumber() || node.rankEnd() == 1;
        this.diff = new RankDiff(node.rankStart(), node.outputRankNumber(), node.generateUpdateBefore());
    }

    @Override
    public void open(OperatorContext context) {
        if (node.rankStart() < 1 || node.rankEnd() < node.rankStart()) {
            throw new IllegalArgumentException(context.operatorName() + ": rank range " + node.rankStart() + ".."
                    + node.rankEnd() + " is empty or does not start at 1 or later");
        }
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = partitionKeys.keyOf(row);
        List<Row> rows = partitions.rowsOf(key);
        List<Row> before = keptRanks(rows);
        boolean changed = row.kind().isAccumulate() ? insert(rows, row) : remove(rows, row);
        partitions.removeIfEmpty(key);
        if (changed) {
            List<Row> after = keptRanks(rows);
            if (positional) {
                diff.emitByPosition(before, after, output);
            } else {
                diff.emitBySet(before, after, output);
            }
        }
    }

    private List<Row> keptRanks(List<Row> rows) {
        int from = (int) Math.min(rows.size(), node.rankStart() - 1);
        int to = (int) Math.min(rows.size(), node.rankEnd());
        return new ArrayList<>(rows.subList(from, to));
    }

    /**
     * Inserts after the rows that sort equal, so the earlier row keeps the better rank; in arrival order,
     * first when the newest ranks first, else last; keeping the last row by rowtime, before them.
     */
    private boolean insert(List<Row> rows, Row row) {
        int low = node.lastRowByRowtime() ? order.lowerBound(rows, row)
                : !node.arrivalOrder() ? order.upperBound(rows, row)
                : node.orderBy().get(0).ascending() ? rows.size() : 0;
        if (!keepAllRows && low >= node.rankEnd()) {
            return false;
        }
        rows.add(low, row.withKind(RowKind.INSERT).copy());
        if (!keepAllRows && rows.size() > node.rankEnd()) {
            rows.remove(rows.size() - 1);
        }
        return true;
    }

    private static boolean remove(List<Row> rows, Row row) {
        for (int i = 0; i < rows.size(); i++) {
            if (Arrays.deepEquals(rows.get(i).fields(), row.fields())) {
                rows.remove(i);
                return true;
            }
        }
        return false;
    }

    @Override
    public Serializable snapshotState() {
        return partitions.snapshot();
    }

    @Override
    public void restoreState(Serializable state) {
        partitions.restore(state);
    }
}
