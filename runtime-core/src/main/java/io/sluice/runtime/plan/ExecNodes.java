package io.sluice.runtime.plan;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import java.util.List;
import java.util.Map;

/** The node types of an {@link ExecPlan}. */
public final class ExecNodes {
    private ExecNodes() {
    }

    /**
     * Reads a table through its connector. {@code projectedFields} lists the table columns read, in
     * output order (all columns when the planner pruned none).
     */
    public record Source(int id, ObjectIdentifier table, TableSchema schema, Map<String, String> options,
                         int[] projectedFields, RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(); }
    }

    /**
     * Emits watermarks from event time: {@code watermarkExpression} (a {@code CalcFunction} whose output
     * row has one TIMESTAMP field) computes the watermark candidate of each row; the watermark is the
     * largest candidate seen. Rows pass unchanged.
     */
    public record WatermarkAssigner(int id, ExecNode input, int rowtimeIndex, GeneratedClass watermarkExpression,
                                    RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** Projection and filter in one generated {@code CalcFunction}; the row kind passes through. */
    public record Calc(int id, ExecNode input, GeneratedClass function, String description, RowType outputType,
                       ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** How an {@link Exchange} sends rows to the next operator's subtasks. */
    public enum Distribution { HASH, SINGLETON, FORWARD }

    /** Redistributes rows: by hash of {@code keys}, all to one subtask, or one to one. */
    public record Exchange(int id, ExecNode input, Distribution distribution, int[] keys, RowType outputType,
                           ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** Marks mini-batch boundaries: a bundle ends after {@code allowLatencyMillis} or {@code size} rows. */
    public record MiniBatchAssigner(int id, ExecNode input, long allowLatencyMillis, long size, RowType outputType,
                                    ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * Keyed group aggregation. {@code generateUpdateBefore}: emit -U before +U;
     * {@code miniBatch}: bundle per key between mini-batch boundaries. Output: group keys, then aggregates.
     */
    public record GroupAggregate(int id, ExecNode input, int[] groupKeys, List<AggregateCall> aggregates,
                                 boolean generateUpdateBefore, boolean miniBatch, long stateTtlMillis,
                                 RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** The local phase of two-phase aggregation: per bundle, emits group keys then partial accumulators. */
    public record LocalGroupAggregate(int id, ExecNode input, int[] groupKeys, List<AggregateCall> aggregates,
                                      RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** The global phase: merges the local phase's partial accumulators per key, then emits as {@link GroupAggregate}. */
    public record GlobalGroupAggregate(int id, ExecNode input, int[] groupKeys, List<AggregateCall> aggregates,
                                       boolean generateUpdateBefore, long stateTtlMillis, RowType outputType,
                                       ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * Windows on the rowtime field: TUMBLE (slide == size), HOP, CUMULATE (slide is the step, size the
     * largest window), SESSION (size is the gap; sessions form per group key) or ATTACHED: each row carries
     * its window in the fields {@code timeIndex} (window_start) and {@code timeIndex + 1} (window_end), the
     * result of an earlier window aggregation.
     */
    public enum WindowKind { TUMBLE, HOP, CUMULATE, SESSION, ATTACHED }

    /**
     * Window aggregation fired by watermarks, or by the clock when {@code processingTime}; append-only
     * output: group keys, aggregates, then {@code window_start}, {@code window_end}.
     */
    public record WindowAggregate(int id, ExecNode input, WindowKind window, int timeIndex, long sizeMillis,
                                  long slideMillis, boolean processingTime, int[] groupKeys, List<AggregateCall> aggregates,
                                  RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * Looks up each input row's matches in {@code table} (a connector table, read through its
     * {@code LookupSource}) where the table's {@code lookupKeys} columns equal the row's {@code leftKeys}
     * fields; {@code condition} (a {@code JoinCondition} over the input row and the table row, or null)
     * filters them. Output: input fields, then the table's columns; a LEFT join emits unmatched rows
     * with NULLs. Rows keep their kind.
     */
    public record LookupJoin(int id, ExecNode input, ObjectIdentifier table, TableSchema schema,
                             Map<String, String> options, boolean leftOuter, int[] leftKeys, int[] lookupKeys,
                             GeneratedClass condition, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** How an OVER aggregation orders its input, and so when it can emit. */
    public enum OverOrder {
        /** Insert-only input by its rowtime: rows wait for the watermark, late rows are dropped. */
        ROWTIME,
        /** Insert-only input by PROCTIME(): rows are taken as they arrive. */
        PROCTIME,
        /** An updating input, by any fields: a change re-emits every row whose frame it touched. */
        CHANGELOG
    }

    /**
     * OVER aggregates: each input row followed by the {@code aggregates} over its frame, the rows of its
     * partition ({@code partitionKeys}) ordered by {@code orderBy} from {@code preceding} rows before it
     * (ROWS) or from {@code preceding} milliseconds before its order time (RANGE; peers included) up to
     * itself; {@code preceding} -1 is UNBOUNDED PRECEDING. A changed row is retracted with -U only when
     * {@code generateUpdateBefore}; otherwise its +U replaces it by the input's upsert key.
     */
    public record OverAggregate(int id, ExecNode input, int[] partitionKeys, List<SortField> orderBy, OverOrder order,
                                boolean rows, long preceding, List<AggregateCall> aggregates,
                                boolean generateUpdateBefore, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * An event-time temporal join ({@code FOR SYSTEM_TIME AS OF} a rowtime of the left input): a left
     * row at time {@code lt} (field {@code leftTimeIndex}) joins the version of the right row of its key
     * valid at {@code lt}, the latest right change of that key at or before it (field
     * {@code rightTimeIndex}); {@code rightKeys} are the right side's primary key. {@code condition}
     * (a {@code JoinCondition}, null for none) filters the pair; {@code leftOuter} pads a left row without
     * a match. Output: left fields, then right fields, with the left row's kind.
     */
    public record TemporalJoin(int id, ExecNode left, ExecNode right, int[] leftKeys, int[] rightKeys,
                               int leftTimeIndex, int rightTimeIndex, boolean leftOuter, GeneratedClass condition,
                               RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(left, right); }
    }

    /**
     * A join of two insert-only inputs on equal keys and a time interval: a left row at time
     * {@code lt} (field {@code leftTimeIndex}, a rowtime) matches right rows at {@code rt} with
     * {@code lowerMillis <= lt - rt <= upperMillis}, filtered by {@code condition} (a {@code JoinCondition}
     * holding the whole non-equi condition, the interval's too). Insert-only output: left fields, then
     * right fields.
     */
    public record IntervalJoin(int id, ExecNode left, ExecNode right, JoinType joinType, int[] leftKeys,
                               int[] rightKeys, int leftTimeIndex, int rightTimeIndex, long lowerMillis,
                               long upperMillis, GeneratedClass condition, RowType outputType,
                               ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(left, right); }
    }

    /**
     * Each input row joined with the rows a user-defined table function produces for it, with the input
     * row's kind ({@code LATERAL TABLE}); {@code leftOuter} keeps a row the function gave nothing for,
     * padded with NULLs. {@code function} is a {@code CorrelateFunction}; {@code rowResult} tells whether
     * it collects {@code Row}s or single values.
     */
    public record Correlate(int id, ExecNode input, GeneratedClass function, String functionName, boolean rowResult,
                            boolean leftOuter, RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * A window table function read as a table: each row once per window it belongs to (TUMBLE: one; HOP
     * and CUMULATE: several), followed by {@code window_start} and {@code window_end}. Insert-only. A
     * SESSION's rows wait until their session (per {@code partitionKeys}, null or empty: one for all rows)
     * is complete, as only then are its bounds known.
     */
    public record WindowTableFunction(int id, ExecNode input, WindowKind window, int timeIndex, long sizeMillis,
                                      long slideMillis, int[] partitionKeys, boolean processingTime,
                                      RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * A join of two insert-only inputs whose keys include the same window on both sides (window_start
     * and window_end of window table functions or aggregations): the rows of a window are buffered per
     * key and joined once the watermark passes the window's end ({@code leftWindowEnd},
     * {@code rightWindowEnd}), then forgotten. Insert-only output, NULL-padded rows of outer sides
     * included.
     */
    public record WindowJoin(int id, ExecNode left, ExecNode right, JoinType joinType, int[] leftKeys, int[] rightKeys,
                             int leftWindowEnd, int rightWindowEnd, GeneratedClass condition, RowType outputType,
                             ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(left, right); }
    }

    /** Regular join types. */
    public enum JoinType { INNER, LEFT, RIGHT, FULL }

    /**
     * Regular stream join on equal keys; {@code nonEquiCondition} (a {@code JoinCondition}, or null)
     * filters matched pairs. Output: left fields, then right fields.
     */
    public record Join(int id, ExecNode left, ExecNode right, JoinType joinType, int[] leftKeys, int[] rightKeys,
                       GeneratedClass nonEquiCondition, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(left, right); }
    }

    /**
     * {@code ROW_NUMBER() OVER (PARTITION BY .. ORDER BY ..)} kept for ranks {@code rankStart..rankEnd};
     * with {@code outputRankNumber} the rank is appended as the last field. With {@code arrivalOrder} the
     * order is one processing-time column and the rows' arrival decides: the newest row first when it is
     * descending, else the oldest. With {@code firstRowOnWatermark} the input is insert-only and the order one
     * rowtime ascending, rank 1: each key's first row in event time is emitted once the watermark passes it.
     */
    public record Rank(int id, ExecNode input, int[] partitionKeys, List<SortField> orderBy, long rankStart,
                       long rankEnd, boolean outputRankNumber, boolean generateUpdateBefore, boolean arrivalOrder,
                       boolean firstRowOnWatermark, boolean lastRowByRowtime, RowType outputType,
                       ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * Top-N per window: ROW_NUMBER over {@code partitionKeys} (which hold the window columns of an
     * earlier window aggregation) ordered by {@code orderBy}; the rows of a window are ranked once the
     * watermark passes their window_end (field {@code windowEndIndex}), and ranks
     * {@code rankStart..rankEnd} are emitted as inserts.
     */
    public record WindowRank(int id, ExecNode input, int[] partitionKeys, List<SortField> orderBy, long rankStart,
                             long rankEnd, boolean outputRankNumber, int windowEndIndex, boolean lastRowByRowtime,
                             RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** Passes every row but -U: a source's -U that no consumer needs (every consumer applies +U by key). */
    public record DropUpdateBefore(int id, ExecNode input, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** UNION ALL. */
    public record Union(int id, List<ExecNode> inputs, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
    }

    /** Turns an upsert input (keyed by {@code keys}) into a changelog with -U and full -D rows. */
    public record ChangelogNormalize(int id, ExecNode input, int[] keys, boolean generateUpdateBefore,
                                     RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /**
     * Keeps, per sink primary key, the rows currently in the sink and turns the input changelog into
     * upserts on that key. A retraction is matched to a kept row on {@code upsertKeys} when the
     * planner found them, else on {@code matchFields} (the deterministic fields; all fields when every
     * field is deterministic). {@code conflictStrategy}: DEDUPLICATE keeps the last row for the key,
     * NOTHING the first, ERROR fails on a second distinct row.
     */
    public record SinkUpsertMaterializer(int id, ExecNode input, int[] primaryKey, int[] upsertKeys,
                                         int[] matchFields, String conflictStrategy, RowType outputType,
                                         ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** Writes into a table through its connector. {@code changelogMode} is what the sink receives. */
    public record Sink(int id, ExecNode input, ObjectIdentifier table, TableSchema schema, Map<String, String> options,
                       RowType outputType, ChangelogMode changelogMode) implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }

    /** The root of a plain SELECT: hands every change to the caller (the CLI prints it). */
    public record Collect(int id, ExecNode input, RowType outputType, ChangelogMode changelogMode)
            implements ExecNode {
        public List<ExecNode> inputs() { return List.of(input); }
    }
}
