package io.sluice.planner.parse;

import io.sluice.planner.parse.Statement.ConflictStrategy;
import io.sluice.planner.parse.Statement.Insert;
import io.sluice.planner.parse.Statement.NameRef;
import io.sluice.planner.parse.Statement.QueryText;
import java.util.ArrayList;
import java.util.List;

/**
 * Recognises the kind of a statement and its DDL/SET/INSERT/EXPLAIN structure. Queries are not parsed
 * here: they are kept as {@link QueryText} for Calcite.
 */
public final class StatementParser {
    private final String sql;
    private final TokenCursor cursor;

    private StatementParser(String sql) {
        this.sql = sql;
        List<Token> tokens = SqlLexer.tokenize(sql);
        SecretLiterals.register(tokens);
        this.cursor = new TokenCursor(tokens, sql.length());
    }

    /**
     * @throws StatementSyntaxException with the offset of the offending token
     */
    public static Statement parse(String sql) {
        StatementParser parser = new StatementParser(sql);
        Statement statement = parser.statement(sql.length());
        parser.cursor.expectEnd();
        return statement;
    }

    private Statement statement(int end) {
        if (cursor.atEnd()) {
            throw new StatementSyntaxException("Empty statement", 0);
        }
        Token first = cursor.peek();
        return switch (first.upper()) {
            case "CREATE" -> new CreateStatementParser(sql, cursor).parse();
            case "DROP" -> drop();
            case "SET" -> set();
            case "RESET" -> reset();
            case "SHOW" -> show();
            case "DESCRIBE", "DESC" -> describe();
            case "SELECT", "WITH", "VALUES", "(" -> new Statement.Query(queryUntil(end));
            case "INSERT" -> insert(end);
            case "EXPLAIN" -> explain(end);
            case "EXECUTE" -> cursor.peek(1) != null && cursor.peek(1).is("PLAN") ? executePlan() : statementSet();
            case "COMPILE" -> compilePlan(end);
            case "ADD" -> addJar();
            default -> throw new StatementSyntaxException("Unsupported statement '" + first.text()
                    + "'. Supported: CREATE TABLE, CREATE VIEW, CREATE FUNCTION, DROP, SET, RESET, SHOW TABLES, "
                    + "SHOW FUNCTIONS, DESCRIBE, SELECT, INSERT INTO, EXPLAIN, EXECUTE STATEMENT SET, "
                    + "COMPILE PLAN, EXECUTE PLAN, ADD JAR", first.start());
        };
    }

    private Statement drop() {
        cursor.expect("DROP");
        if (cursor.accept("TEMPORARY")) {
            cursor.accept("SYSTEM");
        }
        boolean view;
        if (cursor.accept("FUNCTION")) {
            boolean ifExists = cursor.accept("IF");
            if (ifExists) {
                cursor.expect("EXISTS");
            }
            return new Statement.DropFunction(name(cursor), ifExists);
        }
        if (cursor.accept("VIEW")) {
            view = true;
        } else if (cursor.accept("TABLE")) {
            view = false;
        } else {
            throw cursor.unexpected("TABLE, VIEW or FUNCTION");
        }
        boolean ifExists = cursor.accept("IF");
        if (ifExists) {
            cursor.expect("EXISTS");
        }
        return new Statement.Drop(view, name(cursor), ifExists);
    }

    private Statement set() {
        cursor.expect("SET");
        if (cursor.atEnd()) {
            return new Statement.SetOption(null, 0, null, 0);
        }
        Token key = cursor.expectString("the option key");
        cursor.expectSymbol("=");
        Token value = cursor.expectString("the option value");
        return new Statement.SetOption(key.value(), key.start(), value.value(), value.start());
    }

    private Statement reset() {
        cursor.expect("RESET");
        return new Statement.Reset(cursor.atEnd() ? null : cursor.expectString("the option key").value());
    }

    private Statement show() {
        cursor.expect("SHOW");
        if (cursor.accept("TABLES")) {
            return new Statement.ShowTables();
        }
        if (cursor.accept("JARS")) {
            return new Statement.ShowJars();
        }
        if (cursor.accept("CREATE")) {
            boolean view = cursor.accept("VIEW");
            if (!view) {
                cursor.expect("TABLE");
            }
            return new Statement.ShowCreate(name(cursor), view);
        }
        boolean userOnly = cursor.accept("USER");
        if (cursor.accept("FUNCTIONS")) {
            return new Statement.ShowFunctions(userOnly);
        }
        throw cursor.unexpected(userOnly ? "FUNCTIONS" : "TABLES, CREATE TABLE, CREATE VIEW, JARS, FUNCTIONS or USER FUNCTIONS");
    }

    private Statement describe() {
        cursor.next();
        return new Statement.Describe(name(cursor));
    }

    private Statement explain(int end) {
        cursor.expect("EXPLAIN");
        boolean changelogMode = cursor.accept("CHANGELOG_MODE");
        if (!changelogMode && cursor.accept("PLAN")) {
            cursor.expect("FOR");
        }
        Token next = cursor.peek();
        if (next == null || !(next.is("SELECT") || next.is("WITH") || next.is("INSERT") || next.is("EXECUTE")
                || next.isSymbol("(") || next.is("VALUES"))) {
            throw cursor.unexpected("a query, INSERT or EXECUTE STATEMENT SET after EXPLAIN");
        }
        return new Statement.Explain(changelogMode, statement(end));
    }

    private Statement compilePlan(int end) {
        cursor.expect("COMPILE");
        boolean execute = cursor.accept("AND");
        if (execute) {
            cursor.expect("EXECUTE");
        }
        cursor.expect("PLAN");
        Token path = cursor.expectString("the plan file's path");
        cursor.expect("FOR");
        Token next = cursor.peek();
        boolean statementSet = next != null && next.is("EXECUTE") && cursor.peek(1) != null
                && cursor.peek(1).is("STATEMENT");
        if (next == null || !(next.is("INSERT") || statementSet)) {
            throw cursor.unexpected("INSERT INTO or EXECUTE STATEMENT SET (a plan is compiled for a job)");
        }
        return new Statement.CompilePlan(path.value(), path.start(), statementSet ? statementSet() : insert(end),
                execute);
    }

    private Statement addJar() {
        cursor.expect("ADD");
        cursor.expect("JAR");
        Token path = cursor.expectString("the jar's path");
        return new Statement.AddJar(path.value(), path.start());
    }

    private Statement executePlan() {
        cursor.expect("EXECUTE");
        cursor.expect("PLAN");
        Token path = cursor.expectString("the plan file's path");
        return new Statement.ExecutePlan(path.value(), path.start());
    }

    private Statement statementSet() {
        cursor.expect("EXECUTE");
        cursor.expect("STATEMENT");
        cursor.expect("SET");
        cursor.expect("BEGIN");
        List<Insert> inserts = new ArrayList<>();
        while (!cursor.atEnd() && !cursor.peek().is("END")) {
            if (!cursor.peek().is("INSERT")) {
                throw cursor.unexpected("INSERT INTO (a statement set holds only INSERT statements) or END");
            }
            inserts.add(insert(endOfSetMember()));
            cursor.expectSymbol(";");
        }
        cursor.expect("END");
        if (inserts.isEmpty()) {
            throw new StatementSyntaxException("A statement set needs at least one INSERT", cursor.offset());
        }
        return new Statement.StatementSet(inserts);
    }

    /** Offset of the {@code ;} that ends the statement-set member starting at the cursor. */
    private int endOfSetMember() {
        for (int i = cursor.index(); i < cursor.size(); i++) {
            if (cursor.token(i).isSymbol(";")) {
                return cursor.token(i).start();
            }
        }
        throw new StatementSyntaxException("Each INSERT of a statement set must end with ';'", sql.length());
    }

    private Insert insert(int end) {
        cursor.expect("INSERT");
        if (!cursor.accept("INTO")) {
            throw cursor.unexpected("INTO (INSERT OVERWRITE is not supported)");
        }
        NameRef target = name(cursor);
        List<NameRef> columns = new ArrayList<>();
        if (cursor.acceptSymbol("(")) {
            do {
                Token column = cursor.expectIdentifier("a column name");
                columns.add(new NameRef(column.value(), column.start()));
            } while (cursor.acceptSymbol(","));
            cursor.expectSymbol(")");
        }
        int queryEndIndex = lastTokenBefore(end);
        ConflictStrategy onConflict = onConflictAt(queryEndIndex);
        int queryEnd = onConflict == null ? end : cursor.token(queryEndIndex - 3).start();
        QueryText query = queryUntil(queryEnd);
        if (onConflict != null) {
            cursor.reset(queryEndIndex + 1);
        }
        return new Insert(target, columns, query, onConflict);
    }

    /** Index of the last token that starts before {@code end}. */
    private int lastTokenBefore(int end) {
        int last = cursor.index();
        for (int i = cursor.index(); i < cursor.size() && cursor.token(i).start() < end; i++) {
            last = i;
        }
        return last;
    }

    /** The strategy when the tokens ending at {@code last} read {@code ON CONFLICT DO <strategy>}, else null. */
    private ConflictStrategy onConflictAt(int last) {
        if (last - 3 < cursor.index() || !cursor.token(last - 3).is("ON") || !cursor.token(last - 2).is("CONFLICT")) {
            return null;
        }
        if (!cursor.token(last - 1).is("DO")) {
            throw new StatementSyntaxException("Expected DO after ON CONFLICT", cursor.token(last - 1).start());
        }
        Token strategy = cursor.token(last);
        try {
            return ConflictStrategy.valueOf(strategy.upper());
        } catch (IllegalArgumentException e) {
            throw new StatementSyntaxException("Unknown ON CONFLICT action '" + strategy.text()
                    + "'. Use ON CONFLICT DO DEDUPLICATE, DO ERROR or DO NOTHING", strategy.start());
        }
    }

    /** The query from the cursor to {@code end}; the cursor moves past its tokens. */
    private QueryText queryUntil(int end) {
        int start = cursor.offset();
        if (start >= end) {
            throw cursor.unexpected("a query");
        }
        while (!cursor.atEnd() && cursor.peek().start() < end) {
            cursor.next();
        }
        int textEnd = end;
        while (textEnd > start && Character.isWhitespace(sql.charAt(textEnd - 1))) {
            textEnd--;
        }
        return QueryText.of(sql, start, textEnd);
    }

    /** A table name, possibly qualified as {@code default_catalog.default_database.name}. */
    static NameRef name(TokenCursor cursor) {
        Token first = cursor.expectIdentifier("a table name");
        List<String> parts = new ArrayList<>(List.of(first.value()));
        while (cursor.acceptSymbol(".")) {
            parts.add(cursor.expectIdentifier("a name after '.'").value());
        }
        if (parts.size() > 3 || (parts.size() == 3 && !parts.get(0).equals("default_catalog"))
                || (parts.size() >= 2 && !parts.get(parts.size() - 2).equals("default_database"))) {
            throw new StatementSyntaxException("Unknown catalog or database in '" + String.join(".", parts)
                    + "': only default_catalog.default_database exists", first.start());
        }
        return new NameRef(parts.get(parts.size() - 1), first.start());
    }
}
