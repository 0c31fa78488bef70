package io.sluice.jdbc.internal;

import static io.sluice.api.data.RowKind.DELETE;
import static io.sluice.api.data.RowKind.INSERT;
import static io.sluice.api.data.RowKind.UPDATE_AFTER;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the database receives for the changes of one key: several changes within one flush collapse
 * to one statement, and a delete and re-insert on both sides of a flush boundary are two statements
 * between which the key is briefly absent.
 */
class KeyChangesPerFlushTest {
    private static final Object[] CREATED = {INSERT, 1001L, 80, "CREATED"};

    static Stream<Arguments> changesWithinOneFlush() {
        return Stream.of(
                Arguments.of("I -> U", changes(INSERT, 80, "CREATED", UPDATE_AFTER, 100, "PAID"), "UPSERT 1"),
                Arguments.of("I -> -D", changes(INSERT, 80, "CREATED", DELETE, 80, "CREATED"), "DELETE 1"),
                Arguments.of("-D -> I", changes(DELETE, 80, "CREATED", INSERT, 100, "PAID"), "UPSERT 1"),
                Arguments.of("U -> -D", changes(UPDATE_AFTER, 100, "PAID", DELETE, 100, "PAID"), "DELETE 1"),
                Arguments.of("-D -> I -> U", changes(DELETE, 80, "CREATED", INSERT, 100, "PAID",
                        UPDATE_AFTER, 120, "REFUNDED"), "UPSERT 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changesWithinOneFlush")
    void changesOfOneKeyInOneFlushCollapseToOneStatement(String name, List<Row> changes, String statement)
            throws Exception {
        WriterFixture fixture = startingWithOrder1001();
        for (Row change : changes) {
            fixture.writer.write(change);
        }
        fixture.writer.snapshot(2);

        assertThat(fixture.database.statements()).containsExactly(statement);
        assertThat(fixture.database.table()).isEqualTo(model(changes));
    }

    @Test
    void deleteAndInsertAcrossAFlushBoundaryAreTwoStatementsAndTheKeyIsBrieflyAbsent() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(1);
        fixture.write(CREATED);
        fixture.awaitCommits(1);
        fixture.database.forgetStatements();

        fixture.write(DELETE, 1001L, 80, "CREATED");
        fixture.awaitCommits(2);
        assertThat(fixture.database.statements()).containsExactly("DELETE 1");
        assertThat(fixture.database.table()).doesNotContainKey(List.of(1001L));

        fixture.write(INSERT, 1001L, 100, "PAID");
        fixture.awaitCommits(3);
        assertThat(fixture.database.statements()).containsExactly("DELETE 1", "UPSERT 1");
        assertThat(fixture.database.table()).containsEntry(List.of(1001L), List.of(1001L, 100, "PAID"));
    }

    @Test
    void anyFlushBoundariesGiveTheTableTheChangelogDescribes() throws Exception {
        Random random = new Random(42);
        for (int run = 0; run < 20; run++) {
            WriterFixture fixture = WriterFixture.keyed(1 + random.nextInt(50));
            List<Row> changes = randomChangelog(random, 500, 20);
            fixture.write(CREATED);
            for (Row change : changes) {
                fixture.writer.write(change);
                if (random.nextInt(100) == 0) {
                    fixture.writer.snapshot(run);
                }
            }
            fixture.writer.close();

            assertThat(fixture.database.table()).as("run %d", run).isEqualTo(model(changes));
        }
    }

    private static WriterFixture startingWithOrder1001() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(CREATED);
        fixture.writer.snapshot(1);
        fixture.database.forgetStatements();
        return fixture;
    }

    private static List<Row> changes(Object... kindAmountStatus) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < kindAmountStatus.length; i += 3) {
            rows.add(Row.of((RowKind) kindAmountStatus[i], 1001L, kindAmountStatus[i + 1], kindAmountStatus[i + 2]));
        }
        return rows;
    }

    /** What the table holds after applying {@code changes} one by one to a table with order 1001 in it. */
    private static Map<List<Object>, List<Object>> model(List<Row> changes) {
        Map<List<Object>, List<Object>> table = new LinkedHashMap<>();
        table.put(List.of(1001L), List.of(1001L, 80, "CREATED"));
        for (Row change : changes) {
            List<Object> key = List.of(change.field(0));
            if (change.kind().isAccumulate()) {
                table.put(key, Arrays.asList(change.fields()));
            } else {
                table.remove(key);
            }
        }
        return table;
    }

    /** A valid upsert changelog: a key is inserted when absent, updated or deleted when present. */
    private static List<Row> randomChangelog(Random random, int length, int keys) {
        List<Row> changes = new ArrayList<>();
        Map<Long, Boolean> present = new LinkedHashMap<>();
        present.put(1001L, true);
        for (int i = 0; i < length; i++) {
            long id = 1001L + random.nextInt(keys);
            boolean exists = present.getOrDefault(id, false);
            RowKind kind = !exists ? INSERT : random.nextInt(4) == 0 ? DELETE : UPDATE_AFTER;
            present.put(id, kind != DELETE);
            changes.add(Row.of(kind, id, random.nextInt(1000), "s" + i));
        }
        return changes;
    }
}
