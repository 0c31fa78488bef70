package io.sluice.connectors.values;

import io.sluice.api.connector.LookupReader;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.data.Row;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code values} table looked up by key: its rows as the changelog leaves them (a -U or -D takes back
 * the row it names), read when a reader opens and indexed by the reader's key columns.
 */
final class ValuesLookupSource implements LookupSource {
    private final ValuesInput input;
    private final ValuesRowParser parser;

    ValuesLookupSource(ValuesInput input, ValuesRowParser parser) {
        this.input = input;
        this.parser = parser;
    }

    @Override
    public LookupReader createReader(int[] keyColumns, int subtaskIndex, int parallelism) {
        Map<List<Object>, List<Row>> byKey = new HashMap<>();
        for (Row row : finalRows()) {
            byKey.computeIfAbsent(key(row.fields(), keyColumns), k -> new ArrayList<>()).add(row);
        }
        return key -> byKey.getOrDefault(Arrays.asList(key), List.of());
    }

    private List<Row> finalRows() {
        Map<List<Object>, Integer> counts = new LinkedHashMap<>();
        try (ValuesLines lines = input.open()) {
            for (String line = lines.next(); line != null; line = lines.next()) {
                Row row = parser.parse(line, lines.lineNumber(), input);
                counts.merge(Arrays.asList(row.fields()), row.kind().isAccumulate() ? 1 : -1, Integer::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + input.description(), e);
        }
        List<Row> rows = new ArrayList<>();
        counts.forEach((fields, count) -> {
            for (int i = 0; i < count; i++) {
                rows.add(Row.insert(fields.toArray()));
            }
        });
        return rows;
    }

    private static List<Object> key(Object[] fields, int[] keyColumns) {
        Object[] key = new Object[keyColumns.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = fields[keyColumns[i]];
        }
        return Arrays.asList(key);
    }
}
