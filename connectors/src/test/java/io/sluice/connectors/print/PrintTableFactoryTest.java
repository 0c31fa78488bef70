package io.sluice.connectors.print;

import static io.sluice.connectors.TestTables.EVERY_TYPE;
import static io.sluice.connectors.TestTables.context;
import static io.sluice.connectors.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.connectors.values.ValuesTableFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PrintTableFactoryTest {
    private static final String EVERY_KIND_AND_TYPE = """
            +I[true, -8, 300, 70000, 9000000000, 1.5, -0.00225, 30.0000, abc, a b, héllo, 2026-10-12, 13:05:07.123, 2026-10-12T00:00, 2026-10-12T00:00:00Z, [1, -2]]
            -U[false, 127, -300, -1, 0, -0.25, 1.0E10, 0.0001, xyz, null, null, 2026-01-01, 00:00, 2026-10-12T08:30:05.123456, 2026-10-12T00:00:00.120Z, [-1, 0]]
            +U[null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null]
            -D[true, 0, 0, 0, -9223372036854775808, NaN, -Infinity, -99999999.9999, a, [x], , 1999-12-31, 23:59:59.999, 1999-12-31T23:59:59.999999, 1999-12-31T23:59:59.999Z, []]
            """;
    private static final TableSchema KEYED = TableSchema.of(List.of(new Column("word", LogicalType.string()),
            new Column("cnt", LogicalType.bigint())), List.of("word"), null);
    private static final SinkContext SUBTASK_0 = new SinkContext("job", 0, 1, error -> { });

    private final PrintTableFactory factory = new PrintTableFactory();
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream originalOut;

    @BeforeEach
    void captureStdout() {
        originalOut = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStdout() {
        System.setOut(originalOut);
    }

    private List<String> printedLines() {
        String text = captured.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    @Test
    void printsWhatValuesReadInTheSameTextForm() throws Exception {
        List<Row> rows = readAll(new ValuesTableFactory().createSource(context(EVERY_TYPE,
                Map.of("rows", EVERY_KIND_AND_TYPE))).createReader(0, 1));
        TableSink sink = factory.createSink(context(EVERY_TYPE, Map.of("connector", "print")));
        try (SinkWriter writer = sink.createWriter(SUBTASK_0)) {
            for (Row row : rows) {
                writer.write(row);
            }
        }
        assertThat(printedLines()).containsExactlyElementsOf(EVERY_KIND_AND_TYPE.lines().toList());
    }

    @Test
    void allAcceptsTheRequestedModeUnchanged() {
        TableSink sink = factory.createSink(context(KEYED, Map.of()));
        assertThat(sink.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.all());
        assertThat(sink.getChangelogMode(ChangelogMode.upsert())).isEqualTo(ChangelogMode.upsert());
    }

    @Test
    void upsertAsksForNoUpdateBeforeButPrintsOneThatComesAndNeedsAPrimaryKey() throws Exception {
        TableSink sink = factory.createSink(context(KEYED, Map.of("changelog-mode", "upsert")));
        assertThat(sink.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.upsert());
        try (SinkWriter writer = sink.createWriter(SUBTASK_0)) {
            writer.write(Row.insert("a", 1L));
            writer.write(Row.of(RowKind.UPDATE_BEFORE, "a", 1L));
            writer.write(Row.of(RowKind.UPDATE_AFTER, "a", 2L));
        }
        // a -U reaches an upsert sink only where it removes a row (a filter dropped the row's +U)
        assertThat(printedLines()).containsExactly("+I[a, 1]", "-U[a, 1]", "+U[a, 2]");

        TableSchema unkeyed = TableSchema.of(KEYED.columns());
        assertThatThrownBy(() -> factory.createSink(context(unkeyed, Map.of("changelog-mode", "upsert"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table 'default_catalog.default_database.t' has 'changelog-mode' = 'upsert', "
                        + "which needs a PRIMARY KEY");
    }

    @Test
    void insertOnlyAnswersInsertOnly() {
        TableSink sink = factory.createSink(context(KEYED, Map.of("changelog-mode", "insert-only")));
        assertThat(sink.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.insertOnly());
    }

    @Test
    void badOptionsAreNamed() {
        assertThatThrownBy(() -> factory.createSink(context(KEYED, Map.of("changelog-mode", "retract"))))
                .hasMessage("Table 'default_catalog.default_database.t': Invalid value for option 'changelog-mode' = "
                        + "'retract': expected one of [all, upsert, insert-only] (unknown value 'retract')");
        assertThatThrownBy(() -> factory.createSink(context(KEYED, Map.of("sink.parallelism", "0"))))
                .hasMessage("Table 'default_catalog.default_database.t': option 'sink.parallelism' = '0' "
                        + "must be at least 1");
    }

    @Test
    void theIdentifierPrefixesEachLine() throws Exception {
        TableSink sink = factory.createSink(context(KEYED, Map.of("print-identifier", "out", "sink.parallelism", "2")));
        assertThat(sink.parallelism()).hasValue(2);
        try (SinkWriter writer = sink.createWriter(SUBTASK_0)) {
            writer.write(Row.of(RowKind.DELETE, "a", null));
        }
        assertThat(printedLines()).containsExactly("out> -D[a, null]");
    }

    @Test
    void parallelWritersPrintWholeLines() throws Exception {
        TableSink sink = factory.createSink(context(KEYED, Map.of()));
        String word = "w".repeat(2000);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int subtask = 0; subtask < 4; subtask++) {
                SinkWriter writer = sink.createWriter(new SinkContext("job", subtask, 4, error -> { }));
                long id = subtask;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        writer.write(Row.insert(word, id));
                    }
                    writer.close();
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdown();
        }
        List<String> lines = printedLines();
        assertThat(lines).hasSize(2000);
        assertThat(lines).allSatisfy(line -> assertThat(RowText.parse(line, KEYED.columnTypes()).field(0))
                .isEqualTo(word));
    }
}
