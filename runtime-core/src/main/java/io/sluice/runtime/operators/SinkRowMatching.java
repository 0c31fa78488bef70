package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.plan.ExecNodes;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How a sink materializer tells rows apart: the sink's primary key groups them; within a key, rows are
 * matched on the query's upsert key when the planner found one, else on the deterministic fields (all
 * fields when every field is deterministic). Never on the full row when a field such as
 * {@code CURRENT_TIMESTAMP} differs between a row and its later retraction: that mismatch would leave a
 * stale row in the sink.
 */
final class SinkRowMatching {
    private final KeyProjection primaryKey;
    private final KeyProjection matchKey;
    private final int[] primaryKeyFields;
    private final List<String> names;
    private final boolean byUpsertKey;

    SinkRowMatching(ExecNodes.SinkUpsertMaterializer node) {
        this.primaryKeyFields = node.primaryKey().clone();
        this.primaryKey = new KeyProjection(node.primaryKey());
        this.byUpsertKey = node.upsertKeys() != null && node.upsertKeys().length > 0;
        this.matchKey = new KeyProjection(matchFields(node, byUpsertKey));
        this.names = node.outputType().names();
    }

    private static int[] matchFields(ExecNodes.SinkUpsertMaterializer node, boolean byUpsertKey) {
        if (byUpsertKey) {
            return node.upsertKeys();
        }
        if (node.matchFields() != null && node.matchFields().length > 0) {
            return node.matchFields();
        }
        return IntStream.range(0, node.outputType().arity()).toArray();
    }

    Object primaryKeyOf(Row row) {
        return primaryKey.keyOf(row);
    }

    /** True when rows are matched on an upsert key, so that a later row of the same key replaces an earlier one. */
    boolean byUpsertKey() {
        return byUpsertKey;
    }

    boolean matches(Row kept, Row row) {
        return matchKey.sameKey(kept, row);
    }

    /** The index of the first of {@code rows} that {@code row} matches, or -1. */
    int indexOfMatch(List<Row> rows, Row row) {
        for (int i = 0; i < rows.size(); i++) {
            if (matches(rows.get(i), row)) {
                return i;
            }
        }
        return -1;
    }

    /** The primary key of {@code row} as {@code (name=value, ...)}, for messages. */
    String keyText(Row row) {
        return IntStream.of(primaryKeyFields).mapToObj(i -> names.get(i) + "=" + row.field(i))
                .collect(Collectors.joining(", ", "(", ")"));
    }
}
