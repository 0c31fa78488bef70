package io.sluice.planner.parse;

import io.sluice.api.types.LogicalType;
import java.util.List;
import java.util.Map;

/** One parsed statement. Offsets are 0-based positions within the statement text. */
public sealed interface Statement {

    /** A table or view name as written, and where. */
    record NameRef(String name, int offset) {
    }

    /**
     * A query handed to Calcite: the whole statement text with everything outside the query blanked
     * out (newlines kept), so Calcite's line/column positions are positions in the statement.
     */
    record QueryText(String paddedSql, int start, int end) {
        static QueryText of(String sql, int start, int end) {
            StringBuilder padded = new StringBuilder(end);
            for (int i = 0; i < end; i++) {
                char c = sql.charAt(i);
                padded.append(i >= start || c == '\n' ? c : ' ');
            }
            return new QueryText(padded.toString(), start, end);
        }

        /** The query as written. */
        public String text() {
            return paddedSql.substring(start, end);
        }
    }

    /** How an INSERT resolves several rows for one sink primary key (Flink 2.3's ON CONFLICT). */
    enum ConflictStrategy { NOTHING, ERROR, DEDUPLICATE }

    /**
     * A physical column ({@code type} set, {@code expressionSql} null), a metadata column (also
     * {@code metadataKey} set), or a computed one ({@code name AS expression}: {@code type} null until the
     * expression is validated, {@code expressionOffset} where it starts).
     */
    record ColumnDef(String name, LogicalType type, String expressionSql, int offset, int expressionOffset,
                     String metadataKey, boolean virtual) {
        public static ColumnDef physical(String name, LogicalType type, int offset) {
            return new ColumnDef(name, type, null, offset, -1, null, false);
        }

        public static ColumnDef computed(String name, String expressionSql, int offset, int expressionOffset) {
            return new ColumnDef(name, null, expressionSql, offset, expressionOffset, null, false);
        }

        public static ColumnDef metadata(String name, LogicalType type, String key, boolean virtual, int offset) {
            return new ColumnDef(name, type, null, offset, -1, key, virtual);
        }

        /** The column of the catalog, once a computed column's type is known. */
        public io.sluice.api.table.Column toColumn(LogicalType computedType) {
            if (isComputed()) {
                return io.sluice.api.table.Column.computed(name, computedType, expressionSql);
            }
            return metadataKey != null ? io.sluice.api.table.Column.metadata(name, type, metadataKey, virtual)
                    : new io.sluice.api.table.Column(name, type);
        }

        public boolean isComputed() {
            return expressionSql != null;
        }
    }

    record WatermarkDef(String column, String expressionSql, int offset) {
    }

    record CreateTable(NameRef name, List<ColumnDef> columns, List<String> primaryKey, WatermarkDef watermark,
                       Map<String, String> options, boolean ifNotExists) implements Statement {
    }

    record CreateView(NameRef name, List<String> columnNames, QueryText query, boolean ifNotExists)
            implements Statement {
    }

    record Drop(boolean view, NameRef name, boolean ifExists) implements Statement {
    }

    /**
     * {@code SET 'k' = 'v'}; {@code SET} alone lists the configuration ({@code key} null). The offsets
     * locate key and value in the statement, for errors.
     */
    record SetOption(String key, int keyOffset, String value, int valueOffset) implements Statement {
    }

    /** {@code RESET 'k'}, or {@code RESET} ({@code key} null) for all. */
    record Reset(String key) implements Statement {
    }

    record ShowTables() implements Statement {
    }

    /** {@code CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] name AS 'class' [LANGUAGE JAVA]}. */
    record CreateFunction(NameRef name, String className, int classOffset, boolean ifNotExists) implements Statement {
    }

    /** {@code DROP [TEMPORARY [SYSTEM]] FUNCTION [IF EXISTS] name}. */
    record DropFunction(NameRef name, boolean ifExists) implements Statement {
    }

    /** {@code SHOW [USER] FUNCTIONS}: user-defined functions only with USER. */
    /** {@code ADD JAR 'path'}: the session's functions and connectors may come from the jar. */
    record AddJar(String path, int pathOffset) implements Statement {
    }

    /** {@code SHOW JARS}: the jars ADD JAR added. */
    record ShowJars() implements Statement {
    }

    /** {@code SHOW CREATE TABLE name} or {@code SHOW CREATE VIEW name}. */
    record ShowCreate(NameRef name, boolean view) implements Statement {
    }

    record ShowFunctions(boolean userOnly) implements Statement {
    }

    record Describe(NameRef name) implements Statement {
    }

    record Query(QueryText query) implements Statement {
    }

    /** {@code INSERT INTO target [(columns)] query [ON CONFLICT ...]}; {@code onConflict} null when absent. */
    record Insert(NameRef target, List<NameRef> columns, QueryText query, ConflictStrategy onConflict)
            implements Statement {
    }

    record StatementSet(List<Insert> inserts) implements Statement {
    }

    /**
     * {@code COMPILE [AND EXECUTE] PLAN 'path' FOR} an INSERT or a statement set: writes the job's plan as
     * JSON to {@code path} (and runs it); {@code pathOffset} is where the path's literal starts.
     */
    record CompilePlan(String path, int pathOffset, Statement compiled, boolean execute) implements Statement {
    }

    /** {@code EXECUTE PLAN 'path'}: runs a plan that {@link CompilePlan} wrote. */
    record ExecutePlan(String path, int pathOffset) implements Statement {
    }

    /** {@code EXPLAIN [CHANGELOG_MODE] statement} of a query, an INSERT or a statement set. */
    record Explain(boolean changelogMode, Statement explained) implements Statement {
    }
}
