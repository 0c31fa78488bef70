package io.sluice.planner.parse;

import io.sluice.api.types.LogicalType;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a column type of a CREATE TABLE statement: {@code BOOLEAN}, {@code INT}, {@code DECIMAL(p, s)},
 * {@code VARCHAR(n)}, {@code STRING}, {@code TIMESTAMP(p) [WITH LOCAL TIME ZONE]}, {@code BYTES},
 * {@code ROW<name type, ...>} (also {@code ROW(name type, ...)}), {@code MAP<key type, value type>}, ...
 * followed by an optional
 * {@code NOT NULL} / {@code NULL}.
 */
public final class DataTypeParser {
    private final TokenCursor cursor;

    DataTypeParser(TokenCursor cursor) {
        this.cursor = cursor;
    }

    /**
     * Parses a type as {@link LogicalType#toString()} prints it, such as {@code DECIMAL(12, 4) NOT NULL}.
     *
     * @throws StatementSyntaxException when the text is not a type
     */
    public static LogicalType parseType(String text) {
        TokenCursor cursor = new TokenCursor(SqlLexer.tokenize(text), text.length());
        LogicalType type = new DataTypeParser(cursor).parse();
        cursor.expectEnd();
        return type;
    }

    LogicalType parse() {
        Token name = cursor.expectIdentifier("a data type");
        LogicalType type;
        try {
            type = parseType(name);
        } catch (IllegalArgumentException e) {
            throw new StatementSyntaxException(e.getMessage(), name.start());
        }
        if (cursor.peek() != null && cursor.peek().is("NOT") && cursor.peek(1) != null
                && cursor.peek(1).is("NULL")) {
            cursor.next();
            cursor.next();
            return type.notNull();
        }
        cursor.accept("NULL");
        return type;
    }

    private LogicalType parseType(Token name) {
        return switch (name.upper()) {
            case "BOOLEAN" -> LogicalType.booleanType();
            case "TINYINT" -> LogicalType.tinyint();
            case "SMALLINT" -> LogicalType.smallint();
            case "INT", "INTEGER" -> LogicalType.intType();
            case "BIGINT" -> LogicalType.bigint();
            case "FLOAT", "REAL" -> LogicalType.floatType();
            case "DOUBLE" -> doubleType();
            case "DECIMAL", "DEC", "NUMERIC" -> decimal();
            case "CHAR" -> LogicalType.charType(optionalLength(1));
            case "VARCHAR" -> LogicalType.varchar(optionalLength(1));
            case "STRING" -> LogicalType.string();
            case "DATE" -> LogicalType.date();
            case "TIME" -> LogicalType.time(optionalLength(0));
            case "TIMESTAMP" -> timestamp();
            case "TIMESTAMP_LTZ" -> LogicalType.timestampLtz(optionalLength(6));
            case "BYTES" -> LogicalType.bytes();
            case "ROW" -> row(name);
            case "MAP" -> map();
            default -> throw new StatementSyntaxException("Unknown data type '" + name.text() + "'. Supported: "
                    + "BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL(p, s), CHAR(n), VARCHAR(n), "
                    + "STRING, DATE, TIME(p), TIMESTAMP(p), TIMESTAMP_LTZ(p), TIMESTAMP(p) WITH LOCAL TIME ZONE, BYTES, "
                    + "ROW<name type, ...>, MAP<key type, value type>",
                    name.start());
        };
    }

    private LogicalType row(Token keyword) {
        String close = cursor.acceptSymbol("<") ? ">" : null;
        if (close == null) {
            cursor.expectSymbol("(");
            close = ")";
        }
        List<String> names = new ArrayList<>();
        List<LogicalType> types = new ArrayList<>();
        do {
            Token field = cursor.expectIdentifier("a ROW field name");
            if (names.contains(field.value())) {
                throw new StatementSyntaxException("ROW field '" + field.value() + "' is declared twice", field.start());
            }
            names.add(field.value());
            types.add(parse());
            if (cursor.peek() != null && cursor.peek().kind() == Token.Kind.STRING) {
                cursor.next(); // a field's comment
            }
        } while (cursor.acceptSymbol(","));
        cursor.expectSymbol(close);
        return LogicalType.row(names, types);
    }

    private LogicalType map() {
        cursor.expectSymbol("<");
        LogicalType key = parse();
        cursor.expectSymbol(",");
        LogicalType value = parse();
        cursor.expectSymbol(">");
        return LogicalType.map(key, value);
    }

    private LogicalType doubleType() {
        cursor.accept("PRECISION");
        return LogicalType.doubleType();
    }

    private LogicalType decimal() {
        if (!cursor.acceptSymbol("(")) {
            return LogicalType.decimal(10, 0);
        }
        int precision = cursor.expectInteger("the DECIMAL precision");
        int scale = cursor.acceptSymbol(",") ? cursor.expectInteger("the DECIMAL scale") : 0;
        cursor.expectSymbol(")");
        return LogicalType.decimal(precision, scale);
    }

    private LogicalType timestamp() {
        int precision = optionalLength(6);
        if (cursor.accept("WITH")) {
            cursor.expect("LOCAL");
            cursor.expect("TIME");
            cursor.expect("ZONE");
            return LogicalType.timestampLtz(precision);
        }
        if (cursor.peek() != null && cursor.peek().is("WITHOUT")) {
            cursor.next();
            cursor.expect("TIME");
            cursor.expect("ZONE");
        }
        return LogicalType.timestamp(precision);
    }

    private int optionalLength(int absent) {
        if (!cursor.acceptSymbol("(")) {
            return absent;
        }
        int value = cursor.expectInteger("a length or precision");
        cursor.expectSymbol(")");
        return value;
    }
}
