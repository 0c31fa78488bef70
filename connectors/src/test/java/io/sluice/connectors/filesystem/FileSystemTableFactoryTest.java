package io.sluice.connectors.filesystem;

import static io.sluice.connectors.TestTables.context;
import static io.sluice.connectors.TestTables.read;
import static io.sluice.connectors.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemTableFactoryTest {
    private static final TableSchema ORDERS = TableSchema.of(List.of(new Column("id", LogicalType.intType()),
            new Column("amount", LogicalType.decimal(8, 2))));
    private final FileSystemTableFactory factory = new FileSystemTableFactory();

    @TempDir
    Path directory;

    private ScanSource source(Map<String, String> options) {
        return factory.createSource(context(ORDERS, options));
    }

    private static List<String> texts(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    @Test
    void readsEveryVisibleFileOfADirectoryInPathOrder() throws Exception {
        Files.writeString(directory.resolve("a.json"), "{\"id\": 1, \"amount\": 1.5}\n{\"id\": 2, \"amount\": 2}\n");
        Files.createDirectories(directory.resolve("day=2"));
        Files.writeString(directory.resolve("day=2/b.json"), "\n{\"id\": 3, \"amount\": 3}");
        Files.writeString(directory.resolve(".a.json.crc"), "garbage");
        Files.writeString(directory.resolve("_SUCCESS"), "");
        ScanSource source = source(Map.of("path", directory.toString(), "format", "json"));
        assertThat(source.isBounded()).isTrue();
        assertThat(texts(readAll(source.createReader(0, 1)))).containsExactly("+I[1, 1.50]", "+I[2, 2.00]",
                "+I[3, 3.00]");
    }

    @Test
    void aCdcFileIsReadAsAChangelogAndSubtasksShareTheFiles() throws Exception {
        for (int file = 0; file < 6; file++) {
            Files.writeString(directory.resolve("part-" + file + ".json"), "{\"op\": \"c\", \"after\": {\"id\": " + file
                    + ", \"amount\": 1}}\n{\"op\": \"d\", \"before\": {\"id\": " + file + ", \"amount\": 1}}\n");
        }
        ScanSource source = source(Map.of("path", directory.toString(), "format", "debezium-json"));
        assertThat(source.getChangelogMode()).isEqualTo(ChangelogMode.all());
        List<String> all = new ArrayList<>();
        for (int subtask = 0; subtask < 3; subtask++) {
            all.addAll(texts(readAll(source.createReader(subtask, 3))));
        }
        assertThat(all).hasSize(12).filteredOn(row -> row.startsWith("-D")).hasSize(6);
    }

    @Test
    void aRestoreSkipsTheLinesAndFilesAlreadyRead() throws Exception {
        Files.writeString(directory.resolve("a.csv"), "1,1\n2,2\n");
        Files.writeString(directory.resolve("b.csv"), "3,3\n4,4\n");
        ScanSource source = source(Map.of("path", directory.toString(), "format", "csv"));
        SourceReader first = source.createReader(0, 1);
        assertThat(texts(read(first, 3))).containsExactly("+I[1, 1.00]", "+I[2, 2.00]", "+I[3, 3.00]");
        Map<String, Long> position = first.position();
        first.close();

        SourceReader restored = source.createReader(0, 1);
        restored.seek(position);
        assertThat(texts(readAll(restored))).containsExactly("+I[4, 4.00]");
    }

    @Test
    void aMonitoredDirectoryPicksUpNewFiles() throws Exception {
        ScanSource source = source(Map.of("path", directory.toString(), "format", "csv",
                "source.monitor-interval", "1 ms"));
        assertThat(source.isBounded()).isFalse();
        SourceReader reader = source.createReader(0, 1);
        assertThat(reader.pollNext(row -> { })).isEqualTo(SourceReader.Status.NOTHING_AVAILABLE);
        Files.writeString(directory.resolve("later.csv"), "5,5\n");
        Thread.sleep(5);
        assertThat(texts(read(reader, 1))).containsExactly("+I[5, 5.00]");
        assertThat(reader.pollNext(row -> { })).isEqualTo(SourceReader.Status.NOTHING_AVAILABLE);
    }

    @Test
    void errorsNameTheFileTheLineAndTheOption() throws Exception {
        Files.writeString(directory.resolve("bad.json"), "{\"id\": 1}\n{\"id\": \"x\"}\n");
        ScanSource source = source(Map.of("path", directory.toString(), "format", "json"));
        assertThatThrownBy(() -> readAll(source.createReader(0, 1)))
                .hasMessage("Malformed line 2 of file " + directory.resolve("bad.json") + ": field 'id': cannot read "
                        + "\"x\" as INT");
        SourceReader lenient = source(Map.of("path", directory.toString(), "format", "json",
                "json.ignore-parse-errors", "true")).createReader(0, 1);
        assertThat(texts(readAll(lenient))).containsExactly("+I[1, null]");
        assertThat(lenient.metrics()).containsEntry("lines-skipped", 1L);
        assertThatThrownBy(() -> source(Map.of("path", directory.resolve("missing").toString(), "format", "json")))
                .hasMessageContaining("path '" + directory.resolve("missing") + "' does not exist");
        assertThatThrownBy(() -> source(Map.of("path", directory.toString(), "format", "json", "csv.x", "1")))
                .hasMessageContaining("unknown option 'csv.x'");
    }
}
