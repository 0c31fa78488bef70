package io.sluice.api.types;

/** The SQL types Sluice supports, without their parameters. */
public enum TypeRoot {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    FLOAT,
    DOUBLE,
    DECIMAL,
    CHAR,
    VARCHAR,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_LTZ,
    BYTES,
    /** A structured value of named fields: {@code ROW<id BIGINT, name STRING>}. */
    ROW,
    /** Keys to values: {@code MAP<STRING, BYTES>}, such as a Kafka message's headers. */
    MAP;

    public boolean isNumeric() {
        return ordinal() >= TINYINT.ordinal() && ordinal() <= DECIMAL.ordinal();
    }

    public boolean isCharacterString() {
        return this == CHAR || this == VARCHAR;
    }
}
