package io.sluice.formats.csv;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.table.Column;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;

/** Writes an insert as one CSV line (without a line break); other kinds are not written. */
final class CsvRowEncoder implements RowEncoder {
    private static final DateTimeFormatter TIMESTAMP = new java.time.format.DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(' ').append(DateTimeFormatter.ISO_LOCAL_TIME)
            .toFormatter(java.util.Locale.ROOT);

    private final List<Column> columns;
    private final CsvDialect dialect;
    private final String nullLiteral;

    CsvRowEncoder(List<Column> columns, CsvDialect dialect, String nullLiteral) {
        this.columns = columns;
        this.dialect = dialect;
        this.nullLiteral = nullLiteral == null ? "" : nullLiteral;
    }

    @Override
    public byte[] encode(Row row) {
        if (row.kind() != RowKind.INSERT && row.kind() != RowKind.UPDATE_AFTER) {
            return null;
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                line.append(dialect.delimiter());
            }
            Object value = row.field(i);
            if (value == null) {
                line.append(nullLiteral);
            } else {
                dialect.append(line, text(value));
            }
        }
        return line.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Object value) {
        if (value instanceof LocalDateTime timestamp) {
            return TIMESTAMP.format(timestamp);
        }
        if (value instanceof Instant instant) {
            return TIMESTAMP.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)) + "Z";
        }
        if (value instanceof LocalTime time) {
            return DateTimeFormatter.ISO_LOCAL_TIME.format(time);
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        return value.toString();
    }
}
