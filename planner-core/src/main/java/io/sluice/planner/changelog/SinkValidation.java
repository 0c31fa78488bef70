package io.sluice.planner.changelog;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.parse.Statement.ConflictStrategy;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import io.sluice.planner.physical.TableUseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Checks that a sink can take what its query produces, with the messages Flink gives, and decides
 * whether a SinkUpsertMaterializer must go before it.
 */
final class SinkValidation {
    private final ModifyKindInference kinds;
    private final UpsertKeyDerivation upsertKeys;
    private final NonDeterministicFields nonDeterministic;
    private final boolean requireOnConflict;

    SinkValidation(ModifyKindInference kinds, UpsertKeyDerivation upsertKeys, NonDeterministicFields nonDeterministic,
                   boolean requireOnConflict) {
        this.kinds = kinds;
        this.upsertKeys = upsertKeys;
        this.nonDeterministic = nonDeterministic;
        this.requireOnConflict = requireOnConflict;
    }

    /** @throws TableUseException naming the sink table when it cannot take what the query produces */
    SinkDecision decide(PhysicalNodes.Sink sink) {
        try {
            return validate(sink);
        } catch (ValidationException e) {
            throw new TableUseException(sink.table().identifier().table(), e.getMessage(), e);
        }
    }

    private SinkDecision validate(PhysicalNodes.Sink sink) {
        Set<ModifyKind> input = kinds.of(sink.input());
        ChangelogMode accepted = sink.sink().getChangelogMode(defaultMode(input));
        boolean insertOnly = ModifyKindInference.isInsertOnly(input);
        if (!insertOnly) {
            checkAccepts(sink, input, accepted);
        }
        if (sink.onConflict() != null) {
            checkOnConflict(sink, upsertModeOffered(sink, input, accepted));
        }
        if (!sink.table().schema().hasPrimaryKey()) {
            if (!insertOnly && sink.sink().requiresPrimaryKeyForUpdates()) {
                throw new ValidationException(
                        "please declare primary key for sink table when query contains update/delete record.");
            }
            return direct(sink, accepted);
        }
        // inserts overwrite each other by key: last wins without a materializer
        if (insertOnly && (sink.onConflict() == null || sink.onConflict() == ConflictStrategy.DEDUPLICATE)) {
            return direct(sink, accepted);
        }
        ImmutableBitSet primaryKey = ImmutableBitSet.of(sink.table().schema().primaryKeyIndexes());
        Set<ImmutableBitSet> keys = upsertKeys.of(sink.input());
        if (keys.stream().anyMatch(primaryKey::contains)) {
            return direct(sink, accepted);
        }
        Optional<ImmutableBitSet> upsertKey = keys.stream().min(Comparator.comparing(ImmutableBitSet::cardinality));
        if (sink.onConflict() == null && requireOnConflict) {
            throw new ValidationException(onConflictRequired(sink, primaryKey, upsertKey));
        }
        return materialized(sink, accepted, upsertKey);
    }

    private static SinkDecision direct(PhysicalNodes.Sink sink, ChangelogMode accepted) {
        return new SinkDecision(accepted, false, null, new int[0], allFields(sink), List.of());
    }

    /**
     * What the sink takes when a table with a primary key offers it the changes without -U, as an upsert
     * sink takes them: a sink that takes whatever it is offered (print) is then an upsert sink, as in Flink;
     * one that insists on -U stays a retract sink.
     */
    private static ChangelogMode upsertModeOffered(PhysicalNodes.Sink sink, Set<ModifyKind> input,
                                                   ChangelogMode accepted) {
        if (!sink.table().schema().hasPrimaryKey() || !accepted.contains(RowKind.UPDATE_BEFORE)) {
            return accepted;
        }
        return sink.sink().getChangelogMode(defaultMode(input).without(RowKind.UPDATE_BEFORE));
    }

    /**
     * ON CONFLICT resolves rows of one primary key, so it needs a sink that writes by key. DO NOTHING and
     * DO ERROR decide which row came first, which only event time makes repeatable: every source needs a
     * watermark.
     */
    private static void checkOnConflict(PhysicalNodes.Sink sink, ChangelogMode accepted) {
        boolean appendOnly = accepted.containsOnly(RowKind.INSERT);
        if (appendOnly || accepted.contains(RowKind.UPDATE_BEFORE)) {
            throw new ValidationException("ON CONFLICT clause is only allowed for upsert sinks. The sink '"
                    + sink.table().identifier() + "' is not an upsert sink because " + (appendOnly
                    ? "it only accepts INSERT (append-only) changes." : "it requires UPDATE_BEFORE (retract mode)."));
        }
        if (sink.onConflict() == ConflictStrategy.DEDUPLICATE) {
            return;
        }
        List<String> withoutWatermark = new ArrayList<>();
        collectSourcesWithoutWatermark(sink.input(), withoutWatermark);
        if (!withoutWatermark.isEmpty()) {
            throw new ValidationException("ON CONFLICT DO " + sink.onConflict() + " requires all source tables to "
                    + "define watermarks, but the following source(s) do not: " + String.join(", ", withoutWatermark)
                    + ". Please add a WATERMARK declaration to these tables.");
        }
    }

    private static void collectSourcesWithoutWatermark(PhysicalNode node, List<String> names) {
        if (node instanceof PhysicalNodes.TableSourceScan scan) {
            String name = scan.table().identifier().toString();
            if (scan.table().schema().watermark().isEmpty() && !names.contains(name)) {
                names.add(name);
            }
            return;
        }
        node.inputs().forEach(input -> collectSourcesWithoutWatermark(input, names));
    }

    private SinkDecision materialized(PhysicalNodes.Sink sink, ChangelogMode accepted,
                                      Optional<ImmutableBitSet> upsertKey) {
        ImmutableBitSet dynamic = nonDeterministic.of(sink.input());
        int[] match = IntStream.range(0, sink.input().rowType().getFieldCount()).filter(i -> !dynamic.get(i))
                .toArray();
        List<String> names = sink.input().fieldNames();
        ConflictStrategy strategy = sink.onConflict() == null ? ConflictStrategy.DEDUPLICATE : sink.onConflict();
        return new SinkDecision(accepted, true, strategy, upsertKey.map(ImmutableBitSet::toArray).orElse(new int[0]),
                match, dynamic.asList().stream().map(names::get).toList());
    }

    private void checkAccepts(PhysicalNodes.Sink sink, Set<ModifyKind> input, ChangelogMode accepted) {
        boolean updatesRefused = input.contains(ModifyKind.UPDATE) && !accepted.contains(RowKind.UPDATE_AFTER);
        boolean deletesRefused = input.contains(ModifyKind.DELETE) && !accepted.contains(RowKind.DELETE);
        if (updatesRefused || deletesRefused) {
            PhysicalNode origin = UpdateOrigin.find(sink.input(), kinds);
            String changes = updatesRefused && deletesRefused ? "update and delete" : updatesRefused ? "update" : "delete";
            // one statement a line: the CLI prints them as they are, and each can be searched for
            throw new ValidationException("Cannot write into table '" + sink.table().identifier() + "'.\n"
                    + "Table sink '" + sink.table().identifier() + "' doesn't support consuming " + changes
                    + " changes which is produced by node " + origin.describe() + "\n"
                    + "The sink accepts " + accepted + "; write into a sink that accepts " + changes
                    + " changes (one with a primary key), or make the query insert-only (" + origin.name()
                    + " emits them).");
        }
    }

    private static String onConflictRequired(PhysicalNodes.Sink sink, ImmutableBitSet primaryKey,
                                             Optional<ImmutableBitSet> upsertKey) {
        List<String> columns = sink.table().schema().columnNames();
        // a query without upsert key reads "upsert key: ." as in Flink's message
        String upsertKeyNames = upsertKey.map(key -> names(columns, key)).orElse("");
        return "The query has an upsert key that differs from the primary key of the sink table '"
                + sink.table().identifier() + "'.\nPrimary key: " + names(columns, primaryKey) + ", upsert key: "
                + upsertKeyNames + ".\nThis can lead to non-deterministic "
                + "results when multiple records with different upsert keys map to the same primary key.\nPlease "
                + "specify an ON CONFLICT clause to define how conflicts should be handled: ON CONFLICT DO DEDUPLICATE "
                + "(update to the latest record, state intensive, since we need to keep the entire history), or ON "
                + "CONFLICT DO ERROR (fail on conflict), or ON CONFLICT DO NOTHING (keep first record).";
    }

    private static String names(List<String> columns, ImmutableBitSet key) {
        return key.asList().stream().map(columns::get).toList().toString();
    }

    private static int[] allFields(PhysicalNodes.Sink sink) {
        return IntStream.range(0, sink.input().rowType().getFieldCount()).toArray();
    }

    /** What a query with these kinds produces by default: with -U whenever it updates (Flink's default mode). */
    static ChangelogMode defaultMode(Set<ModifyKind> input) {
        ChangelogMode mode = ChangelogMode.insertOnly();
        if (input.contains(ModifyKind.UPDATE)) {
            mode = mode.with(RowKind.UPDATE_BEFORE).with(RowKind.UPDATE_AFTER);
        }
        return input.contains(ModifyKind.DELETE) ? mode.with(RowKind.DELETE) : mode;
    }

    /**
     * The update kinds to try at the sink's input, in order. An upsert sink does without -U only when
     * each +U replaces the row of the same primary key it updates: the sink has no primary key, or one
     * of the query's upsert keys is exactly the primary key. When the key holds more columns (say
     * {@code (word, cnt)} for an upsert key {@code word}), a +U lands on another key than the row it
     * updates, and only the -U, applied as a delete, removes the old row; with fewer or other columns
     * the materializer needs -U to retract what it keeps.
     */
    List<UpdateKind> requiredUpdateKinds(PhysicalNodes.Sink sink, SinkDecision decision) {
        if (decision.upsertMaterialize() || decision.accepted().contains(RowKind.UPDATE_BEFORE)) {
            return List.of(UpdateKind.BEFORE_AND_AFTER);
        }
        if (decision.accepted().contains(RowKind.UPDATE_AFTER)) {
            return upsertKeyIsPrimaryKey(sink) ? List.of(UpdateKind.ONLY_UPDATE_AFTER, UpdateKind.BEFORE_AND_AFTER)
                    : List.of(UpdateKind.BEFORE_AND_AFTER);
        }
        return List.of(UpdateKind.NONE);
    }

    private boolean upsertKeyIsPrimaryKey(PhysicalNodes.Sink sink) {
        if (!sink.table().schema().hasPrimaryKey()) {
            return true;
        }
        ImmutableBitSet primaryKey = ImmutableBitSet.of(sink.table().schema().primaryKeyIndexes());
        return upsertKeys.of(sink.input()).contains(primaryKey);
    }
}
