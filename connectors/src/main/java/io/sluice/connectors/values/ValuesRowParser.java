package io.sluice.connectors.values;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;

/** Turns the lines of a {@code values} table into rows, with errors naming the table and the line. */
final class ValuesRowParser {
    private final ObjectIdentifier table;
    private final List<LogicalType> types;
    private final List<String> names;
    private final ChangelogMode declaredMode;

    /** @param declaredMode the {@code changelog-mode} option, or null to accept every kind */
    ValuesRowParser(ObjectIdentifier table, TableSchema schema, ChangelogMode declaredMode) {
        this.table = table;
        this.types = schema.columnTypes();
        this.names = schema.columnNames();
        this.declaredMode = declaredMode;
    }

    /**
     * @throws ValidationException naming the table, the line and the problem
     */
    Row parse(String line, long lineNumber, ValuesInput input) {
        Row row;
        try {
            row = RowText.parse(line, types, names);
        } catch (IllegalArgumentException e) {
            throw new ValidationException(where(lineNumber, input) + e.getMessage(), e);
        }
        if (declaredMode != null && !declaredMode.contains(row.kind())) {
            throw new ValidationException(where(lineNumber, input) + "row kind " + row.kind().shortString()
                    + " is not in the declared 'changelog-mode' = '" + declaredMode.toOptionString() + "'");
        }
        return row;
    }

    /** Parses every line; the declared mode, or else the kinds present (+I when there are no rows). */
    ChangelogMode scan(ValuesInput input) {
        EnumSet<RowKind> kinds = EnumSet.noneOf(RowKind.class);
        try (ValuesLines lines = input.open()) {
            for (String line = lines.next(); line != null; line = lines.next()) {
                kinds.add(parse(line, lines.lineNumber(), input).kind());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Table '" + table + "': cannot read " + input.description(), e);
        }
        if (declaredMode != null) {
            return declaredMode;
        }
        return kinds.isEmpty() ? ChangelogMode.insertOnly() : ChangelogMode.of(kinds);
    }

    private String where(long lineNumber, ValuesInput input) {
        return "Table '" + table + "', line " + lineNumber + " of " + input.description() + ": ";
    }
}
