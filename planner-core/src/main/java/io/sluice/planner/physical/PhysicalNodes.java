package io.sluice.planner.physical;

import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.functions.UserTableFunction;
import io.sluice.planner.parse.Statement.ConflictStrategy;
import io.sluice.runtime.plan.ExecNodes.Distribution;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import io.sluice.runtime.plan.ExecNodes.OverOrder;
import io.sluice.runtime.plan.SortField;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/** The physical node types, named as Flink's {@code StreamPhysical*} nodes are in EXPLAIN. */
public final class PhysicalNodes {
    private PhysicalNodes() {
    }

    /**
     * Rank 1 by one time attribute ({@code timeOrder}), the rank number not selected: a deduplication,
     * keeping the first row when the order is ascending and the last when descending.
     */
    static boolean deduplicates(boolean timeOrder, List<SortField> orderBy, long rankStart, long rankEnd,
                                boolean outputRankNumber) {
        return timeOrder && orderBy.size() == 1 && rankStart == 1 && rankEnd == 1 && !outputRankNumber;
    }

    /** {@code InnerJoin}, {@code LeftOuterJoin}, ... as Flink's plans name them. */
    static String joinTypeName(JoinType type) {
        return switch (type) {
            case INNER -> "InnerJoin";
            case LEFT -> "LeftOuterJoin";
            case RIGHT -> "RightOuterJoin";
            case FULL -> "FullOuterJoin";
        };
    }

    static String names(List<String> names, int[] indexes) {
        return Arrays.stream(indexes).mapToObj(names::get).collect(Collectors.joining(", "));
    }

    /** Reads {@code projectedFields} of a catalog table through its connector's source. */
    public record TableSourceScan(CatalogEntry.Table table, ScanSource source, int[] projectedFields,
                                  RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(); }
        public String name() { return "TableSourceScan"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            var id = table.identifier();
            terms.item("table", "[" + id.catalog() + ", " + id.database() + ", " + id.table() + "]")
                    .item("fields", String.join(", ", fieldNames()));
        }
    }

    /** Computes watermarks from {@code watermarkExpression} over the input row. */
    public record WatermarkAssigner(PhysicalNode input, int rowtimeIndex, RexNode watermarkExpression)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "WatermarkAssigner"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("rowtime", input.fieldNames().get(rowtimeIndex))
                    .item("watermark", new RexFormatter(input.fieldNames()).format(watermarkExpression));
        }
    }

    /** Projection and optional filter; {@code condition} is null when nothing is filtered. */
    public record Calc(PhysicalNode input, List<RexNode> projects, RexNode condition, RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "Calc"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            RexFormatter formatter = new RexFormatter(input.fieldNames());
            terms.item("select", IntStream.range(0, projects.size())
                    .mapToObj(i -> formatter.formatAs(projects.get(i), fieldNames().get(i)))
                    .collect(Collectors.joining(", ")));
            terms.itemIf("where", condition == null ? null : formatter.format(condition), condition != null);
        }
    }

    /** Redistributes rows between subtasks: by hash of {@code keys}, or all to one. */
    public record Exchange(PhysicalNode input, Distribution distribution, int[] keys) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "Exchange"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("distribution", distribution == Distribution.HASH
                    ? "hash[" + names(input.fieldNames(), keys) + "]" : "single");
        }
    }

    /** Marks mini-batch boundaries every {@code intervalMillis} or {@code size} rows. */
    public record MiniBatchAssigner(PhysicalNode input, long intervalMillis, long size) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "MiniBatchAssigner"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("interval", intervalMillis + "ms").item("mode", "ProcTime");
        }
    }

    /** Unbounded group aggregation; {@code miniBatch} when it bundles rows between mini-batch boundaries. */
    public record GroupAggregate(PhysicalNode input, int[] groupKeys, List<AggSpec> aggregates, boolean miniBatch,
                                 RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "GroupAggregate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            aggregateTerms(terms, input, groupKeys, aggregates, terms.inputRetracts(this));
        }
    }

    /** The local phase of a two-phase aggregation: partial accumulators per bundle. */
    public record LocalGroupAggregate(PhysicalNode input, int[] groupKeys, List<AggSpec> aggregates,
                                      RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "LocalGroupAggregate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            aggregateTerms(terms, input, groupKeys, aggregates, terms.inputRetracts(this));
        }
    }

    /**
     * The global phase: merges the partial accumulators (fields after the group keys of its input) into
     * {@code aggregates}, whose {@code argIndex} still refers to the local phase's input.
     */
    public record GlobalGroupAggregate(PhysicalNode input, int[] groupKeys, List<AggSpec> aggregates,
                                       RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "GlobalGroupAggregate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            List<String> partials = input.fieldNames();
            String suffix = terms.inputRetracts(this) ? "_RETRACT" : "";
            String select = IntStream.range(0, aggregates.size()).mapToObj(i -> aggregates.get(i).function() + suffix
                    + "(" + partials.get(groupKeys.length + i) + ") AS " + aggregates.get(i).name())
                    .collect(Collectors.joining(", "));
            terms.itemIf("groupBy", names(partials, groupKeys), groupKeys.length > 0)
                    .item("select", groupKeys.length == 0 ? select : names(partials, groupKeys) + ", " + select);
        }
    }

    static void aggregateTerms(ExplainTerms terms, PhysicalNode input, int[] groupKeys, List<AggSpec> aggregates,
                               boolean retracting) {
        List<String> inputNames = input.fieldNames();
        String keys = names(inputNames, groupKeys);
        String calls = aggregates.stream().map(a -> a.describe(inputNames, retracting))
                .collect(Collectors.joining(", "));
        terms.itemIf("groupBy", keys, groupKeys.length > 0)
                .item("select", keys.isEmpty() ? calls : calls.isEmpty() ? keys : keys + ", " + calls);
    }

    /**
     * TUMBLE, HOP, CUMULATE or SESSION window aggregation over {@code window.timeIndex()}. Output: group keys, aggregates,
     * window_start, window_end. An updating input is taken back from its windows until they fire.
     */
    public record WindowAggregate(PhysicalNode input, WindowSpec window, int[] groupKeys, List<AggSpec> aggregates,
                                  RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "WindowAggregate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            List<String> inputNames = input.fieldNames();
            boolean retracting = terms.inputRetracts(this);
            String calls = aggregates.stream().map(a -> a.describe(inputNames, retracting) + ", ")
                    .collect(Collectors.joining());
            String keys = groupKeys.length == 0 ? "" : names(inputNames, groupKeys) + ", ";
            terms.itemIf("groupBy", names(inputNames, groupKeys), groupKeys.length > 0)
                    .item("window", window.describe(inputNames))
                    .item("select", keys + calls + "start('w$) AS window_start, end('w$) AS window_end");
        }
    }

    /** Regular join on {@code leftKeys = rightKeys} plus {@code nonEquiCondition} (over left fields then right). */
    public record Join(PhysicalNode left, PhysicalNode right, JoinType joinType, int[] leftKeys, int[] rightKeys,
                       RexNode nonEquiCondition, RexNode condition, RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(left, right); }
        public String name() { return "Join"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            String type = joinTypeName(joinType);
            terms.item("joinType", type).item("where", new RexFormatter(fieldNames()).format(condition))
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * Looks up each input row's matches in {@code table} by {@code lookupKeys} (its columns) equal to the
     * row's {@code leftKeys}; {@code condition} over the row and the table's columns (or null) filters them.
     * Output: the input's fields, then the table's physical columns.
     */
    public record LookupJoin(PhysicalNode input, CatalogEntry.Table table, LookupSource source, boolean leftOuter,
                             int[] leftKeys, int[] lookupKeys, RexNode condition, RelDataType tableType,
                             RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "LookupJoin"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            List<String> tableColumns = tableType.getFieldNames();
            String lookup = IntStream.range(0, leftKeys.length).mapToObj(i -> tableColumns.get(lookupKeys[i]) + "="
                    + input.fieldNames().get(leftKeys[i])).collect(Collectors.joining(", "));
            terms.item("table", table.identifier().toString())
                    .item("joinType", leftOuter ? "LeftOuterJoin" : "InnerJoin")
                    .item("lookup", lookup)
                    .itemIf("where", condition == null ? "" : new RexFormatter(fieldNames()).format(condition),
                            condition != null)
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * {@code input} joined with the rows of a table function called on each of its rows ({@code LATERAL
     * TABLE}): {@code call}'s operands read {@code input}'s fields; {@code leftOuter} keeps rows the
     * function gave nothing for.
     */
    public record Correlate(PhysicalNode input, RexCall call, UserTableFunction function, boolean leftOuter,
                            RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "Correlate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        /** As Flink prints it: the call over the correlated row {@code $cor0}, its fields, the joined row type. */
        public void explainTerms(ExplainTerms terms) {
            String invocation = new RexFormatter(input.fieldNames().stream().map(name -> "$cor0." + name).toList())
                    .format(call);
            terms.item("invocation", invocation)
                    .item("correlate", "table(" + invocation + ")")
                    .item("select", String.join(",", fieldNames()))
                    .item("rowType", rowType.toString())
                    .item("joinType", leftOuter ? "LEFT" : "INNER");
        }
    }

    /**
     * OVER aggregates over {@code input}: its fields, then {@code aggregates} over each row's frame in its
     * partition ordered by {@code orderBy}; see {@code ExecNodes.OverAggregate} for {@code order},
     * {@code rows} and {@code preceding}.
     */
    public record OverAggregate(PhysicalNode input, int[] partitionKeys, List<SortField> orderBy, OverOrder order,
                                boolean rows, long preceding, List<AggSpec> aggregates, RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "OverAggregate"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            List<String> names = input.fieldNames();
            String orderText = orderBy.stream().map(field -> names.get(field.fieldIndex())
                    + (field.ascending() ? " ASC" : " DESC")).collect(Collectors.joining(", "));
            String bound = preceding < 0 ? "UNBOUNDED" : rows ? String.valueOf(preceding) : preceding + " ms";
            String calls = aggregates.stream().map(a -> a.describe(names, false)).collect(Collectors.joining(", "));
            terms.itemIf("partitionBy", names(names, partitionKeys), partitionKeys.length > 0)
                    .item("orderBy", orderText)
                    // "RANG" as Flink's plans print it
                    .item("window", (rows ? "ROWS" : "RANG") + " BETWEEN " + bound + " PRECEDING AND CURRENT ROW")
                    .item("select", String.join(", ", names) + ", " + calls);
        }
    }

    /**
     * A join on equal keys and a time interval between two rowtimes: left time minus right time within
     * {@code [lowerMillis, upperMillis]}; {@code nonEquiCondition} holds the rest of the condition with
     * the interval.
     */
    public record IntervalJoin(PhysicalNode left, PhysicalNode right, JoinType joinType, int[] leftKeys,
                               int[] rightKeys, int leftTimeIndex, int rightTimeIndex, long lowerMillis,
                               long upperMillis, RexNode nonEquiCondition, RexNode condition, RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(left, right); }
        public String name() { return "IntervalJoin"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            String type = joinTypeName(joinType);
            terms.item("joinType", type)
                    .item("windowBounds", "isRowTime=true, leftLowerBound=" + lowerMillis + ", leftUpperBound="
                            + upperMillis + ", leftTimeIndex=" + leftTimeIndex + ", rightTimeIndex=" + rightTimeIndex)
                    .item("where", new RexFormatter(fieldNames()).format(condition))
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * An event-time temporal join: each {@code left} row joins the version of the {@code right} row (of
     * its primary key {@code rightKeys}) valid at the left row's time; {@code nonEquiCondition} (over
     * the joined row, null for none) filters pairs, {@code condition} is the whole ON condition.
     */
    public record TemporalJoin(PhysicalNode left, PhysicalNode right, int[] leftKeys, int[] rightKeys,
                               int leftTimeIndex, int rightTimeIndex, boolean leftOuter, RexNode nonEquiCondition,
                               RexNode condition, RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(left, right); }
        public String name() { return "TemporalJoin"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        /** The temporal condition as Flink names it: the two times and the versioned side's primary key. */
        public void explainTerms(ExplainTerms terms) {
            List<String> names = fieldNames();
            int leftWidth = left.rowType().getFieldCount();
            String primaryKey = Arrays.stream(rightKeys).mapToObj(k -> names.get(leftWidth + k))
                    .collect(Collectors.joining(", "));
            terms.item("joinType", leftOuter ? "LeftOuterJoin" : "InnerJoin")
                    .item("where", new RexFormatter(names).format(condition) + " AND __TEMPORAL_JOIN_CONDITION("
                            + names.get(leftTimeIndex) + ", " + names.get(leftWidth + rightTimeIndex)
                            + ", __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(" + primaryKey + "))")
                    .item("select", String.join(", ", names));
        }
    }

    /**
     * A join whose keys hold the same window on both sides: rows are joined per window once the
     * watermark passes its end ({@code leftWindowEnd}, {@code rightWindowEnd}), insert-only.
     */
    public record WindowJoin(PhysicalNode left, PhysicalNode right, JoinType joinType, int[] leftKeys,
                             int[] rightKeys, int leftWindowEnd, int rightWindowEnd, RexNode nonEquiCondition,
                             RexNode condition, RelDataType rowType) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(left, right); }
        public String name() { return "WindowJoin"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("leftWindow", "WINDOW(win_end=[" + left.fieldNames().get(leftWindowEnd) + "])")
                    .item("rightWindow", "WINDOW(win_end=[" + right.fieldNames().get(rightWindowEnd) + "])")
                    .item("joinType", joinTypeName(joinType))
                    .item("where", new RexFormatter(fieldNames()).format(condition))
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * ROW_NUMBER over {@code partitionKeys} ordered by {@code orderBy}, keeping ranks {@code rankStart..rankEnd}.
     * With {@code arrivalOrder} the order is one {@code PROCTIME()} column: the rows' arrival decides, as in
     * Flink's processing-time deduplication, never the clock's values, which rows read within one
     * millisecond share.
     */
    public record Rank(PhysicalNode input, int[] partitionKeys, List<SortField> orderBy, long rankStart, long rankEnd,
                       boolean outputRankNumber, boolean arrivalOrder, boolean rowtimeOrder, RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "Rank"; }

        /** True when the rows rank by arrival, first come first: over an insert-only input, none ever leaves. */
        public boolean firstArrivalsWin() {
            return arrivalOrder && orderBy.get(0).ascending();
        }

        /**
         * True for keep-first deduplication on event time (rank 1 by one rowtime ascending, the rank number
         * not selected): over an insert-only input each key's first row waits for the watermark and is
         * emitted once, as Flink's event-time keep-first deduplication.
         */
        public boolean firstRowOnWatermark() {
            return deduplicates(rowtimeOrder, orderBy, rankStart, rankEnd, outputRankNumber)
                    && orderBy.get(0).ascending();
        }

        /**
         * True for keep-last deduplication on event time (rank 1 by one rowtime descending, the rank number
         * not selected): as Flink's, a row of the same time as the kept one replaces it, and every
         * replacement is emitted as an update, even of an equal row.
         */
        public boolean lastRowByRowtime() {
            return deduplicates(rowtimeOrder, orderBy, rankStart, rankEnd, outputRankNumber)
                    && !orderBy.get(0).ascending();
        }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        /**
         * Rank 1 by one time attribute, the rank number not selected: over an insert-only input Flink plans
         * this as a Deduplicate, and EXPLAIN shows it as one.
         */
        private boolean deduplication(ExplainTerms terms) {
            return deduplicates(arrivalOrder || rowtimeOrder, orderBy, rankStart, rankEnd, outputRankNumber)
                    && !terms.inputRetracts(this);
        }

        public void explainTerms(ExplainTerms terms) {
            List<String> names = input.fieldNames();
            if (deduplication(terms)) {
                terms.named("Deduplicate").item("keep", orderBy.get(0).ascending() ? "FirstRow" : "LastRow")
                        .item("key", names(names, partitionKeys)).item("order", arrivalOrder ? "PROCTIME" : "ROWTIME");
                return;
            }
            terms.item("rankType", "ROW_NUMBER")
                    .item("rankRange", "rankStart=" + rankStart + ", rankEnd=" + rankEnd)
                    .item("partitionBy", names(names, partitionKeys))
                    .item("orderBy", orderBy.stream().map(f -> names.get(f.fieldIndex())
                            + (f.ascending() ? " ASC" : " DESC")).collect(Collectors.joining(", ")))
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * Top-N per window: a Rank whose partition keys hold the window columns of a window aggregation
     * below; ranks each window once the watermark passes {@code windowEndIndex}, insert-only.
     */
    public record WindowRank(PhysicalNode input, int[] partitionKeys, List<SortField> orderBy, long rankStart,
                             long rankEnd, boolean outputRankNumber, int windowEndIndex, boolean rowtimeOrder,
                             RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "WindowRank"; }

        /** True for window deduplication keeping the last row by rowtime: a later row of the same time wins. */
        public boolean lastRowByRowtime() {
            return deduplicates(rowtimeOrder, orderBy, rankStart, rankEnd, outputRankNumber)
                    && !orderBy.get(0).ascending();
        }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            List<String> names = input.fieldNames();
            terms.item("window", "WINDOW(win_end=[" + names.get(windowEndIndex) + "])")
                    .item("rankType", "ROW_NUMBER")
                    .item("rankRange", "rankStart=" + rankStart + ", rankEnd=" + rankEnd)
                    .item("partitionBy", names(names, partitionKeys))
                    .item("orderBy", orderBy.stream().map(f -> names.get(f.fieldIndex())
                            + (f.ascending() ? " ASC" : " DESC")).collect(Collectors.joining(", ")))
                    .item("select", String.join(", ", fieldNames()));
        }
    }

    /**
     * A window table function read as a table: its input's rows once per window, with window_start and
     * window_end; a SESSION's per {@code partitionKeys} (empty otherwise), once the session ended.
     */
    public record WindowTableFunction(PhysicalNode input, WindowSpec window, int[] partitionKeys, RelDataType rowType)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public String name() { return "WindowTableFunction"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("window", window.describe(input.fieldNames()));
            if (partitionKeys.length > 0) {
                terms.item("partitionBy", names(input.fieldNames(), partitionKeys));
            }
        }
    }

    /** UNION ALL of inputs with the same row type. */
    public record Union(List<PhysicalNode> inputs, RelDataType rowType) implements PhysicalNode {
        public String name() { return "Union"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("all", true).item("union", String.join(", ", fieldNames()));
        }
    }

    /** Turns an upsert input keyed by {@code keys} into a full changelog (with -U and full -D rows). */
    public record ChangelogNormalize(PhysicalNode input, int[] keys) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "ChangelogNormalize"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("key", names(input.fieldNames(), keys));
        }
    }

    /** Writes into a catalog table; {@code onConflict} is the INSERT's ON CONFLICT clause, or null. */
    public record Sink(PhysicalNode input, CatalogEntry.Table table, TableSink sink, ConflictStrategy onConflict)
            implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "Sink"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("table", table.identifier()).item("fields", String.join(", ", table.schema().columnNames()));
        }
    }

    /** The root of a SELECT: the caller receives every change. */
    public record Collect(PhysicalNode input) implements PhysicalNode {
        public List<PhysicalNode> inputs() { return List.of(input); }
        public RelDataType rowType() { return input.rowType(); }
        public String name() { return "Collect"; }
        public <R> R accept(PhysicalVisitor<R> visitor) { return visitor.visit(this); }

        public void explainTerms(ExplainTerms terms) {
            terms.item("fields", String.join(", ", fieldNames()));
        }
    }
}
