package io.sluice.planner.parse;

import io.sluice.planner.parse.Statement.ColumnDef;
import io.sluice.planner.parse.Statement.NameRef;
import io.sluice.planner.parse.Statement.WatermarkDef;
import io.sluice.api.types.LogicalType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses {@code CREATE TABLE}, {@code CREATE [TEMPORARY] VIEW} and {@code CREATE [TEMPORARY] FUNCTION}. */
final class CreateStatementParser {
    private final String sql;
    private final TokenCursor cursor;
    private final List<ColumnDef> columns = new ArrayList<>();
    private final List<String> primaryKey = new ArrayList<>();
    private WatermarkDef watermark;

    CreateStatementParser(String sql, TokenCursor cursor) {
        this.sql = sql;
        this.cursor = cursor;
    }

    Statement parse() {
        cursor.expect("CREATE");
        if (cursor.accept("TEMPORARY")) {
            cursor.accept("SYSTEM");
        }
        if (cursor.accept("VIEW")) {
            return view();
        }
        if (cursor.accept("FUNCTION")) {
            return function();
        }
        cursor.expect("TABLE");
        boolean ifNotExists = ifNotExists();
        NameRef name = StatementParser.name(cursor);
        cursor.expectSymbol("(");
        do {
            element();
        } while (cursor.acceptSymbol(","));
        cursor.expectSymbol(")");
        if (cursor.accept("COMMENT")) {
            cursor.expectString("a comment");
        }
        Map<String, String> options = cursor.accept("WITH") ? options() : Map.of();
        return new Statement.CreateTable(name, columns, primaryKey, watermark, options, ifNotExists);
    }

    private boolean ifNotExists() {
        if (!cursor.accept("IF")) {
            return false;
        }
        cursor.expect("NOT");
        cursor.expect("EXISTS");
        return true;
    }

    private Statement function() {
        boolean ifNotExists = ifNotExists();
        NameRef name = StatementParser.name(cursor);
        cursor.expect("AS");
        Token className = cursor.expectString("the function's class name");
        if (cursor.accept("LANGUAGE")) {
            Token language = cursor.expectIdentifier("JAVA");
            if (!language.is("JAVA")) {
                throw new StatementSyntaxException("Functions are written in Java: LANGUAGE " + language.text()
                        + " is not supported", language.start());
            }
        }
        return new Statement.CreateFunction(name, className.value(), className.start(), ifNotExists);
    }

    private Statement view() {
        boolean ifNotExists = ifNotExists();
        NameRef name = StatementParser.name(cursor);
        List<String> names = new ArrayList<>();
        if (cursor.acceptSymbol("(")) {
            do {
                names.add(cursor.expectIdentifier("a column name").value());
            } while (cursor.acceptSymbol(","));
            cursor.expectSymbol(")");
        }
        cursor.expect("AS");
        int start = cursor.offset();
        while (!cursor.atEnd()) {
            cursor.next();
        }
        if (start >= sql.length()) {
            throw cursor.unexpected("the view's query");
        }
        return new Statement.CreateView(name, names, Statement.QueryText.of(sql, start, sql.stripTrailing().length()),
                ifNotExists);
    }

    private void element() {
        Token first = cursor.peek();
        if (first != null && first.is("WATERMARK")) {
            watermark();
        } else if (first != null && (first.is("PRIMARY") || first.is("CONSTRAINT"))) {
            tablePrimaryKey();
        } else {
            column();
        }
    }

    private void column() {
        Token name = cursor.expectIdentifier("a column name, WATERMARK or PRIMARY KEY");
        if (cursor.accept("AS")) {
            int start = cursor.offset();
            columns.add(ColumnDef.computed(name.value(), expressionText("the computed column's expression"),
                    name.start(), start));
        } else {
            LogicalType type = new DataTypeParser(cursor).parse();
            if (cursor.accept("METADATA")) {
                String key = cursor.accept("FROM") ? cursor.expectString("a metadata key such as 'offset'").value()
                        : name.value();
                columns.add(ColumnDef.metadata(name.value(), type, key, cursor.accept("VIRTUAL"), name.start()));
            } else {
                columns.add(ColumnDef.physical(name.value(), type, name.start()));
            }
        }
        if (cursor.peek() != null && cursor.peek().is("PRIMARY")) {
            declarePrimaryKey(List.of(name.value()));
        }
        if (cursor.accept("COMMENT")) {
            cursor.expectString("a comment");
        }
    }

    private void tablePrimaryKey() {
        if (cursor.accept("CONSTRAINT")) {
            cursor.expectIdentifier("a constraint name");
        }
        int keyword = cursor.offset();
        cursor.expect("PRIMARY");
        cursor.expect("KEY");
        List<String> names = new ArrayList<>();
        cursor.expectSymbol("(");
        do {
            names.add(cursor.expectIdentifier("a column name").value());
        } while (cursor.acceptSymbol(","));
        cursor.expectSymbol(")");
        declarePrimaryKeyAt(names, keyword);
    }

    private void declarePrimaryKey(List<String> names) {
        int keyword = cursor.offset();
        cursor.expect("PRIMARY");
        cursor.expect("KEY");
        declarePrimaryKeyAt(names, keyword);
    }

    private void declarePrimaryKeyAt(List<String> names, int keyword) {
        if (!cursor.accept("NOT")) {
            throw new StatementSyntaxException("A primary key must be declared NOT ENFORCED: Sluice does not own "
                    + "the data, so it cannot enforce the key", cursor.offset());
        }
        cursor.expect("ENFORCED");
        if (!primaryKey.isEmpty()) {
            throw new StatementSyntaxException("The table declares more than one primary key", keyword);
        }
        primaryKey.addAll(names);
    }

    private void watermark() {
        Token keyword = cursor.expect("WATERMARK");
        cursor.expect("FOR");
        Token column = cursor.expectIdentifier("the rowtime column");
        cursor.expect("AS");
        int start = cursor.offset();
        String expression = expressionText("the watermark expression");
        if (watermark != null) {
            throw new StatementSyntaxException("The table declares more than one watermark", keyword.start());
        }
        watermark = new WatermarkDef(column.value(), expression, start);
    }

    /**
     * The text of an expression in the column list: up to the next {@code ,} or {@code )} outside parentheses
     * and brackets ({@code MAP['a', x]}).
     */
    private String expressionText(String what) {
        int start = cursor.offset();
        int end = start;
        int depth = 0;
        while (!cursor.atEnd() && !(depth == 0 && (cursor.peek().isSymbol(",") || cursor.peek().isSymbol(")")
                || cursor.peek().is("COMMENT")))) {
            Token token = cursor.next();
            depth += token.isSymbol("(") || token.isSymbol("[") ? 1
                    : token.isSymbol(")") || token.isSymbol("]") ? -1 : 0;
            end = token.end();
        }
        if (end == start) {
            throw cursor.unexpected(what);
        }
        return sql.substring(start, end);
    }

    private Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        cursor.expectSymbol("(");
        if (cursor.acceptSymbol(")")) {
            return options;
        }
        do {
            Token key = cursor.expectString("an option key");
            cursor.expectSymbol("=");
            String value = cursor.expectString("the value of option '" + key.value() + "'").value();
            if (options.put(key.value(), value) != null) {
                throw new StatementSyntaxException("Option '" + key.value() + "' is given twice", key.start());
            }
        } while (cursor.acceptSymbol(","));
        cursor.expectSymbol(")");
        return options;
    }
}
