package io.sluice.runtime.operators.join;

import io.sluice.api.connector.LookupReader;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.data.Row;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.util.List;

/**
 * A lookup join: each input row reads its matches from the table when it arrives, so a later change of
 * the table changes only the rows that follow it, as in Flink. A row with a NULL key matches nothing.
 * Keeps no state: a restored job looks the table up again.
 */
public final class LookupJoinOperator implements OneInputOperator {
    private final ExecNodes.LookupJoin node;
    private final LookupSource source;
    private final int tableWidth;
    private LookupReader reader;
    private JoinCondition condition;

    public LookupJoinOperator(ExecNodes.LookupJoin node, LookupSource source) {
        this.node = node;
        this.source = source;
        this.tableWidth = node.schema().columns().size();
    }

    @Override
    public void open(OperatorContext context) {
        reader = source.createReader(node.lookupKeys(), context.subtaskIndex(), context.parallelism());
        condition = node.condition() == null ? (left, right) -> true
                : ClassCompiler.newInstance(node.condition(), JoinCondition.class);
    }

    @Override
    public void processElement(Row row, Output output) throws Exception {
        Object[] key = key(row);
        boolean matched = false;
        if (key != null) {
            List<Row> found = reader.lookup(key);
            for (Row match : found) {
                if (condition.test(row, match)) {
                    output.emit(joined(row, match.fields()));
                    matched = true;
                }
            }
        }
        if (!matched && node.leftOuter()) {
            output.emit(joined(row, new Object[tableWidth]));
        }
    }

    /** The row's key fields; null when one is NULL. */
    private Object[] key(Row row) {
        int[] fields = node.leftKeys();
        Object[] key = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            key[i] = row.field(fields[i]);
            if (key[i] == null) {
                return null;
            }
        }
        return key;
    }

    private static Row joined(Row row, Object[] tableFields) {
        return JoinedRows.joined(row.kind(), row.fields(), tableFields);
    }

    @Override
    public void close() throws Exception {
        if (reader != null) {
            reader.close();
        }
    }
}
