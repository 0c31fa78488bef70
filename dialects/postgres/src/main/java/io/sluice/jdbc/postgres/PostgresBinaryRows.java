package io.sluice.jdbc.postgres;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * Encodes rows in PostgreSQL's binary {@code COPY} format, the columns typed as
 * {@link PostgresTypes#arrayElementType}: no text to parse on the server, which is where a large
 * flush spends its time. Bytes collect in a buffer that {@link Sink} empties whenever it fills.
 */
final class PostgresBinaryRows {
    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
    private static final int BUFFER_BYTES = 1 << 16;
    /** Days and microseconds between 1970-01-01 and PostgreSQL's epoch, 2000-01-01. */
    private static final long EPOCH_DAYS = 10_957;
    private static final long EPOCH_SECONDS = EPOCH_DAYS * 86_400;
    private static final int NUMERIC_NEGATIVE = 0x4000;

    /** Receives each full buffer. */
    @FunctionalInterface
    interface Sink {
        void accept(byte[] bytes, int length) throws java.sql.SQLException;
    }

    private final LogicalType[] types;
    private final int[] fields;
    private final Sink sink;
    private byte[] buffer = new byte[BUFFER_BYTES];
    private int length;

    /** @param fields the row positions written, in the order of the COPY's column list */
    PostgresBinaryRows(LogicalType[] types, int[] fields, Sink sink) {
        this.types = types;
        this.fields = fields;
        this.sink = sink;
    }

    void header() {
        ensure(SIGNATURE.length + 8);
        System.arraycopy(SIGNATURE, 0, buffer, length, SIGNATURE.length);
        length += SIGNATURE.length;
        putInt(0);
        putInt(0);
    }

    void row(Object[] row) throws java.sql.SQLException {
        ensure(2);
        putShort(fields.length);
        for (int field : fields) {
            value(row[field], types[field]);
        }
        if (length >= BUFFER_BYTES) {
            drain();
        }
    }

    /** Writes the trailer and hands over what is left. */
    void finish() throws java.sql.SQLException {
        ensure(2);
        putShort(-1);
        drain();
    }

    private void drain() throws java.sql.SQLException {
        sink.accept(buffer, length);
        length = 0;
    }

    private void value(Object value, LogicalType type) {
        if (value == null) {
            ensure(4);
            putInt(-1);
            return;
        }
        switch (type.root()) {
            case BOOLEAN -> {
                sized(1);
                buffer[length++] = (byte) ((Boolean) value ? 1 : 0);
            }
            case TINYINT -> {
                sized(2);
                putShort((Byte) value);
            }
            case SMALLINT -> {
                sized(2);
                putShort((Short) value);
            }
            case INT -> {
                sized(4);
                putInt((Integer) value);
            }
            case BIGINT -> {
                sized(8);
                putLong((Long) value);
            }
            case FLOAT -> {
                sized(4);
                putInt(Float.floatToIntBits((Float) value));
            }
            case DOUBLE -> {
                sized(8);
                putLong(Double.doubleToLongBits((Double) value));
            }
            case DECIMAL -> numeric((BigDecimal) value);
            case CHAR, VARCHAR -> bytes(((String) value).getBytes(StandardCharsets.UTF_8));
            case BYTES -> bytes((byte[]) value);
            case DATE -> {
                sized(4);
                putInt((int) (((LocalDate) value).toEpochDay() - EPOCH_DAYS));
            }
            case TIME -> {
                sized(8);
                putLong(micros(((LocalTime) value).toNanoOfDay()));
            }
            case TIMESTAMP -> {
                LocalDateTime timestamp = (LocalDateTime) value;
                sized(8);
                putLong((timestamp.toLocalDate().toEpochDay() - EPOCH_DAYS) * 86_400_000_000L
                        + micros(timestamp.toLocalTime().toNanoOfDay()));
            }
            case TIMESTAMP_LTZ -> {
                Instant instant = (Instant) value;
                sized(8);
                putLong((instant.getEpochSecond() - EPOCH_SECONDS) * 1_000_000L + micros(instant.getNano()));
            }
            case ROW, MAP -> throw new IllegalArgumentException("A " + type.root() + " value has no column to go to: "
                    + type);
        }
    }

    /** PostgreSQL keeps microseconds and rounds what it parses half up, as here. */
    private static long micros(long nanos) {
        return (nanos + 500) / 1000;
    }

    /**
     * {@code numeric}: the digits in base 10000 around the decimal point (the fraction padded to whole
     * groups), the weight of the first group, the sign and the display scale; no leading or trailing
     * zero groups.
     */
    private void numeric(BigDecimal value) {
        BigDecimal magnitude = value.signum() < 0 ? value.negate() : value;
        if (magnitude.scale() < 0) {
            magnitude = magnitude.setScale(0);
        }
        int scale = magnitude.scale();
        String digits = magnitude.unscaledValue().toString();
        int padRight = (4 - scale % 4) % 4;
        int fractionGroups = (scale + padRight) / 4;
        int groups = (digits.length() + padRight + 3) / 4;
        int padLeft = groups * 4 - digits.length() - padRight;
        int first = 0;
        int last = groups - 1;
        while (first <= last && group(digits, padLeft, first) == 0) {
            first++;
        }
        while (last >= first && group(digits, padLeft, last) == 0) {
            last--;
        }
        int count = last - first + 1;
        sized(8 + 2 * count);
        putShort(count);
        putShort(count == 0 ? 0 : groups - 1 - fractionGroups - first);
        putShort(value.signum() < 0 ? NUMERIC_NEGATIVE : 0);
        putShort(scale);
        for (int g = first; g <= last; g++) {
            putShort(group(digits, padLeft, g));
        }
    }

    /** Group {@code g} of the digits with {@code padLeft} zeros before them and zeros after. */
    private static int group(String digits, int padLeft, int g) {
        int value = 0;
        for (int i = g * 4; i < g * 4 + 4; i++) {
            int at = i - padLeft;
            value = value * 10 + (at >= 0 && at < digits.length() ? digits.charAt(at) - '0' : 0);
        }
        return value;
    }

    private void bytes(byte[] value) {
        sized(value.length);
        System.arraycopy(value, 0, buffer, length, value.length);
        length += value.length;
    }

    /** The length word of a value, with room for the value after it. */
    private void sized(int bytes) {
        ensure(4 + bytes);
        putInt(bytes);
    }

    private void ensure(int bytes) {
        if (length + bytes > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + bytes));
        }
    }

    private void putShort(int value) {
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    private void putInt(int value) {
        buffer[length++] = (byte) (value >>> 24);
        buffer[length++] = (byte) (value >>> 16);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    private void putLong(long value) {
        putInt((int) (value >>> 32));
        putInt((int) value);
    }
}
