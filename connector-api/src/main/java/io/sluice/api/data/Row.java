package io.sluice.api.data;


/**
 * One change of a changelog: a {@link RowKind} and the field values.
 *
 * <p>Field values use these Java classes: BOOLEAN {@link Boolean}, TINYINT {@link Byte}, SMALLINT
 * {@link Short}, INT {@link Integer}, BIGINT {@link Long}, FLOAT {@link Float}, DOUBLE {@link Double},
 * DECIMAL {@link java.math.BigDecimal}, CHAR/VARCHAR {@link String}, DATE {@link java.time.LocalDate},
 * TIME {@link java.time.LocalTime}, TIMESTAMP {@link java.time.LocalDateTime}, TIMESTAMP_LTZ
 * {@link java.time.Instant}, BYTES {@code byte[]}; SQL NULL is {@code null}.
 *
 * <p>Rows are mutable for speed on the per-row path: a component that keeps a row beyond the call
 * that handed it over must {@link #copy()} it.
 */
public final class Row implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private RowKind kind;
    private final Object[] fields;

    public Row(RowKind kind, Object[] fields) {
        this.kind = kind;
        this.fields = fields;
    }

    public static Row of(RowKind kind, Object... fields) {
        return new Row(kind, fields);
    }

    public static Row insert(Object... fields) {
        return new Row(RowKind.INSERT, fields);
    }

    public RowKind kind() {
        return kind;
    }

    public void setKind(RowKind kind) {
        this.kind = kind;
    }

    public int arity() {
        return fields.length;
    }

    public Object field(int index) {
        return fields[index];
    }

    public void setField(int index, Object value) {
        fields[index] = value;
    }

    /** The backing array; callers that change it own the consequences. */
    public Object[] fields() {
        return fields;
    }

    /** A copy with its own field array (values themselves are immutable, except {@code byte[]}, which is cloned). */
    public Row copy() {
        Object[] copied = fields.clone();
        for (int i = 0; i < copied.length; i++) {
            if (copied[i] instanceof byte[] bytes) {
                copied[i] = bytes.clone();
            }
        }
        return new Row(kind, copied);
    }

    /** The same fields with another kind (fields are shared, not copied). */
    public Row withKind(RowKind newKind) {
        return new Row(newKind, fields);
    }

    /** Equal kind and equal field values, by content ({@code byte[]}, ROW and MAP values too). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Row other && kind == other.kind && FieldValues.equal(fields, other.fields);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + FieldValues.hash(fields);
    }

    /** Flink's text form, such as {@code +I[a, 1]}; see {@link RowText}. */
    @Override
    public String toString() {
        return RowText.format(this);
    }
}
