package io.sluice.it;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A changelog of rows keyed by their first {@code keyArity} fields, written as a test builds it, and
 * the model of the table it must leave behind. It only writes consistent changelogs: {@code -U} and
 * {@code -D} carry the row as it was.
 */
final class KeyedChangelog {
    private final int keyArity;
    private final List<String> lines = new ArrayList<>();
    private final Map<List<Object>, Row> table = new LinkedHashMap<>();

    KeyedChangelog(int keyArity) {
        this.keyArity = keyArity;
    }

    /** {@code +I} of a row whose key is not in the table. */
    KeyedChangelog insert(Object... fields) {
        List<Object> key = keyOf(fields);
        if (table.containsKey(key)) {
            throw new IllegalStateException("Key " + key + " is in the table already");
        }
        return emit(Row.of(RowKind.INSERT, fields));
    }

    /** {@code -U} of the key's current row, then {@code +U} of {@code fields}. */
    KeyedChangelog update(Object... fields) {
        emit(current(keyOf(fields)).withKind(RowKind.UPDATE_BEFORE));
        return emit(Row.of(RowKind.UPDATE_AFTER, fields));
    }

    /** {@code -D} of the current row of {@code key}. */
    KeyedChangelog delete(Object... key) {
        return emit(current(Arrays.asList(key)).withKind(RowKind.DELETE));
    }

    boolean contains(Object... key) {
        return table.containsKey(Arrays.asList(key));
    }

    /** The changelog in its text form, one row a line. */
    List<String> lines() {
        return lines;
    }

    /** The rows of the table now, as {@code +I} rows. */
    Collection<Row> rows() {
        return table.values();
    }

    /** The table now in its text form, sorted, as {@link SinkDatabase#read} returns a table. */
    List<String> expectedTable() {
        return table.values().stream().map(RowText::format).sorted().toList();
    }

    private KeyedChangelog emit(Row row) {
        lines.add(RowText.format(row));
        List<Object> key = keyOf(row.fields());
        if (row.kind().isAccumulate()) {
            table.put(key, row.withKind(RowKind.INSERT));
        } else {
            table.remove(key);
        }
        return this;
    }

    private Row current(List<Object> key) {
        Row row = table.get(key);
        if (row == null) {
            throw new IllegalStateException("Key " + key + " is not in the table");
        }
        return row;
    }

    private List<Object> keyOf(Object[] fields) {
        return Arrays.asList(Arrays.copyOf(fields, keyArity));
    }
}
