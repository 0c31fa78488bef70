package io.sluice.connectors.values;

import static io.sluice.connectors.TestTables.EVERY_TYPE;
import static io.sluice.connectors.TestTables.context;
import static io.sluice.connectors.TestTables.read;
import static io.sluice.connectors.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValuesTableFactoryTest {
    /** Every kind and every type, with NULLs, as a user would write them. */
    static final String EVERY_KIND_AND_TYPE = """
            +I[true, -8, 300, 70000, 9000000000, 1.5, -0.00225, 30.0000, abc, "a, b", héllo, 2026-10-12, 13:05:07.123, 2026-10-12T00:00, 2026-10-12T00:00:00Z, [1, -2]]

            -U[false, 127, -300, -1, 0, -0.25, 1.0E10, 0.0001, xyz, null, "null", 2026-01-01, 00:00, 2026-10-12 08:30:05.123456, 2026-10-12T02:00+02:00, x'ff00']
            +U[null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null]
            -D[true, 0, 0, 0, -9223372036854775808, NaN, -Infinity, -99999999.9999, a, [x], "", 1999-12-31, 23:59:59.999, 1999-12-31T23:59:59.999999, 1999-12-31T23:59:59.999Z, []]
            """;

    static final List<Row> EVERY_KIND_AND_TYPE_ROWS = List.of(
            Row.of(RowKind.INSERT, true, (byte) -8, (short) 300, 70000, 9_000_000_000L, 1.5f, -0.00225,
                    new BigDecimal("30.0000"), "abc", "a, b", "héllo", LocalDate.of(2026, 10, 12),
                    LocalTime.of(13, 5, 7, 123_000_000), LocalDateTime.of(2026, 10, 12, 0, 0),
                    Instant.parse("2026-10-12T00:00:00Z"), new byte[] {1, -2}),
            Row.of(RowKind.UPDATE_BEFORE, false, (byte) 127, (short) -300, -1, 0L, -0.25f, 1.0e10,
                    new BigDecimal("0.0001"), "xyz", null, "null", LocalDate.of(2026, 1, 1), LocalTime.MIDNIGHT,
                    LocalDateTime.of(2026, 10, 12, 8, 30, 5, 123_456_000), Instant.parse("2026-10-12T00:00:00Z"),
                    new byte[] {-1, 0}),
            new Row(RowKind.UPDATE_AFTER, new Object[16]),
            Row.of(RowKind.DELETE, true, (byte) 0, (short) 0, 0, Long.MIN_VALUE, Float.NaN, Double.NEGATIVE_INFINITY,
                    new BigDecimal("-99999999.9999"), "a", "[x]", "", LocalDate.of(1999, 12, 31),
                    LocalTime.of(23, 59, 59, 999_000_000), LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000),
                    Instant.parse("1999-12-31T23:59:59.999Z"), new byte[0]));

    private static final TableSchema WORDS = TableSchema.of(List.of(
            new Column("word", LogicalType.string()), new Column("cnt", LogicalType.intType())));

    private final ValuesTableFactory factory = new ValuesTableFactory();

    @Test
    void readsInlineRowsOfEveryKindAndType() throws Exception {
        ScanSource source = factory.createSource(context(EVERY_TYPE, Map.of("connector", "values",
                "rows", EVERY_KIND_AND_TYPE)));
        assertThat(source.isBounded()).isTrue();
        assertThat(source.getChangelogMode()).isEqualTo(ChangelogMode.all());
        assertThat(readAll(source.createReader(0, 1))).containsExactlyElementsOf(EVERY_KIND_AND_TYPE_ROWS);
    }

    @Test
    void readsAFileOfEveryKindAndType(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("rows.txt"), EVERY_KIND_AND_TYPE);
        ScanSource source = factory.createSource(context(EVERY_TYPE, Map.of("path", file.toString())));
        assertThat(source.getChangelogMode()).isEqualTo(ChangelogMode.all());
        assertThat(readAll(source.createReader(0, 1))).containsExactlyElementsOf(EVERY_KIND_AND_TYPE_ROWS);
    }

    @Test
    void aRelativePathIsResolvedAgainstTheWorkingDirectory() throws Exception {
        Path relative = Path.of("target", "values-relative-path.txt");
        Files.createDirectories(relative.getParent());
        Files.writeString(relative, "+I[a, 1]\n+I[b, 2]\n");
        ScanSource source = factory.createSource(context(WORDS, Map.of("path", relative.toString())));
        assertThat(readAll(source.createReader(0, 1))).containsExactly(Row.insert("a", 1), Row.insert("b", 2));
    }

    @Test
    void theModeIsTheKindsPresentUnlessDeclared() {
        String rows = "+I[a, 1]\n-D[a, 1]";
        assertThat(factory.createSource(context(WORDS, Map.of("rows", rows))).getChangelogMode())
                .isEqualTo(ChangelogMode.of(RowKind.INSERT, RowKind.DELETE));
        assertThat(factory.createSource(context(WORDS, Map.of("rows", rows, "changelog-mode", "I,UA,D")))
                .getChangelogMode()).isEqualTo(ChangelogMode.upsert());
        assertThat(factory.createSource(context(WORDS, Map.of("rows", ""))).getChangelogMode())
                .isEqualTo(ChangelogMode.insertOnly());
    }

    @Test
    void aKindOutsideTheDeclaredModeNamesTableLineAndKind() {
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("changelog-mode", "I,UA,D",
                "rows", "+I[a, 1]\n\n-U[a, 1]"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'default_catalog.default_database.t', line 3 of option 'rows': row kind -U "
                        + "is not in the declared 'changelog-mode' = 'I,UA,D'");
    }

    @Test
    void aFileWithADeclaredModeIsCheckedWhileReading(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("rows.txt"), "+I[a, 1]\n-D[a, 1]\n");
        ScanSource source = factory.createSource(context(WORDS, Map.of("path", file.toString(),
                "changelog-mode", "I")));
        SourceReader reader = source.createReader(0, 1);
        assertThat(read(reader, 1)).containsExactly(Row.insert("a", 1));
        assertThatThrownBy(() -> readAll(reader))
                .hasMessage("Table 'default_catalog.default_database.t', line 2 of file '" + file
                        + "': row kind -D is not in the declared 'changelog-mode' = 'I'");
    }

    @Test
    void parseErrorsNameTableLineAndProblem() {
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("rows", "+I[a, 1]\n+I[b, two]"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table 'default_catalog.default_database.t', line 2 of option 'rows': "
                        + "Field 2 'cnt': 'two' is not a valid INT");
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("rows", "+I[a]"))))
                .hasMessage("Table 'default_catalog.default_database.t', line 1 of option 'rows': "
                        + "Row '+I[a]' has 1 field(s) but 2 are expected [word, cnt]");
    }

    @Test
    void needsExactlyOneOfRowsAndPath() {
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of())))
                .hasMessage("Table 'default_catalog.default_database.t' needs exactly one of the options 'rows' "
                        + "and 'path'");
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("rows", "+I[a, 1]", "path", "x"))))
                .hasMessageContaining("needs exactly one of the options 'rows' and 'path'");
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("path", "no/such/file.txt"))))
                .hasMessageStartingWith("Table 'default_catalog.default_database.t': option 'path' = "
                        + "'no/such/file.txt' is not a readable file");
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("rows", "", "changelog-mode", "UA,D"))))
                .hasMessageContaining("'changelog-mode' = 'UA,D': expected changelog mode such as I or I,UB,UA,D "
                        + "(a changelog must contain I)");
        assertThatThrownBy(() -> factory.createSource(context(WORDS, Map.of("rows", "", "row", "+I[a, 1]"))))
                .hasMessageContaining("has unknown option 'row'");
    }

    @Test
    void aLargeFileIsStreamedAndSeekSkipsTheRowsEmitted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("large.txt");
        Files.writeString(file, IntStream.range(0, 150_000).mapToObj(i -> "+I[w" + i + ", " + i + "]")
                .collect(Collectors.joining("\n")));
        ScanSource source = factory.createSource(context(WORDS, Map.of("path", file.toString())));
        SourceReader reader = source.createReader(0, 1);
        assertThat(read(reader, 100_000)).hasSize(100_000).last().isEqualTo(Row.insert("w99999", 99_999));
        assertThat(reader.position()).isEqualTo(java.util.Map.of(SourceReader.ROWS, 100_000L));

        SourceReader restored = source.createReader(0, 1);
        restored.seek(reader.position());
        List<Row> rest = readAll(restored);
        assertThat(rest).hasSize(50_000).first().isEqualTo(Row.insert("w100000", 100_000));
        assertThat(restored.position()).isEqualTo(java.util.Map.of(SourceReader.ROWS, 150_000L));
        assertThat(restored.pollNext(row -> { })).isEqualTo(SourceReader.Status.END_OF_INPUT);
    }

    @Test
    void seekCountsRowsNotBlankLines() throws Exception {
        ScanSource source = factory.createSource(context(WORDS, Map.of("rows", "\n+I[a, 1]\n\n+I[b, 2]\n+I[c, 3]")));
        SourceReader reader = source.createReader(0, 1);
        reader.seek(java.util.Map.of(SourceReader.ROWS, 2L));
        assertThat(readAll(reader)).containsExactly(Row.insert("c", 3));
    }

    @Test
    void onlySubtaskZeroReads() throws Exception {
        ScanSource source = factory.createSource(context(WORDS, Map.of("rows", "+I[a, 1]")));
        assertThat(readAll(source.createReader(1, 2))).isEmpty();
        assertThat(readAll(source.createReader(0, 2))).containsExactly(Row.insert("a", 1));
    }
}
