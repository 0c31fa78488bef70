package io.sluice.planner.ddl;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.table.WatermarkSpec;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.planner.SqlStatementException;
import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.functions.SluiceOperatorTable;
import io.sluice.planner.functions.UserFunctionLoader;
import io.sluice.planner.parse.Statement;
import io.sluice.planner.parse.TextPosition;
import io.sluice.planner.physical.TableUseException;
import io.sluice.planner.sql.SqlFrontend;
import io.sluice.planner.types.LogicalTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlFunction;

/** Runs the statements that read or change the catalog: CREATE, DROP, SHOW TABLES, DESCRIBE. */
public final class CatalogStatements {
    private final Catalog catalog;
    private final String statementText;

    public CatalogStatements(Catalog catalog, String statementText) {
        this.catalog = catalog;
        this.statementText = statementText;
    }

    public void createTable(Statement.CreateTable create, SqlFrontend frontend) {
        ObjectIdentifier identifier = ObjectIdentifier.of(create.name().name());
        List<Column> columns = columns(create.columns(), frontend);
        TableSchema schema;
        try {
            WatermarkSpec watermark = create.watermark() == null ? null
                    : new WatermarkSpec(create.watermark().column(), create.watermark().expressionSql());
            schema = TableSchema.of(columns, create.primaryKey(), watermark);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), create.name().offset());
        }
        checkRowtime(create, schema);
        register(new CatalogEntry.Table(identifier, schema, create.options()), create.name(), create.ifNotExists());
    }

    /** The columns in declared order; a computed column's type is its expression's over the physical columns. */
    private List<Column> columns(List<Statement.ColumnDef> definitions, SqlFrontend frontend) {
        List<Column> physical = definitions.stream().filter(c -> !c.isComputed())
                .map(c -> new Column(c.name(), c.type())).toList();
        List<Column> columns = new ArrayList<>(definitions.size());
        for (Statement.ColumnDef definition : definitions) {
            columns.add(definition.toColumn(definition.isComputed() ? computedType(definition, physical, frontend)
                    : null));
        }
        return columns;
    }

    private LogicalType computedType(Statement.ColumnDef column, List<Column> physical, SqlFrontend frontend) {
        String problem;
        int offset = column.expressionOffset();
        try {
            return LogicalTypes.toLogicalType(frontend.expressionOverColumns(physical, column.expressionSql()).getType());
        } catch (SqlStatementException e) {
            problem = e.getMessage();
            offset += offsetIn(column.expressionSql(), e.line(), e.column());
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        throw error("Computed column '" + column.name() + "': " + problem, offset);
    }

    /** The offset of 1-based {@code line} and {@code column} in {@code text}. */
    private static int offsetIn(String text, int line, int column) {
        int offset = 0;
        for (int i = 1; i < line && offset < text.length(); i++) {
            int newline = text.indexOf('\n', offset);
            offset = newline < 0 ? text.length() : newline + 1;
        }
        return Math.min(text.length(), offset + Math.max(0, column - 1));
    }

    private void checkRowtime(Statement.CreateTable create, TableSchema schema) {
        if (create.watermark() == null) {
            return;
        }
        TypeRoot root = schema.columns().get(schema.indexOf(create.watermark().column())).type().root();
        if (root != TypeRoot.TIMESTAMP && root != TypeRoot.TIMESTAMP_LTZ) {
            throw error("The rowtime column '" + create.watermark().column() + "' of a watermark must be a "
                    + "TIMESTAMP or TIMESTAMP_LTZ, not " + root, create.watermark().offset());
        }
    }

    public void createView(Statement.CreateView create, SqlFrontend frontend) {
        int columns = frontend.toRel(create.query()).validatedRowType.getFieldCount();
        if (!create.columnNames().isEmpty() && create.columnNames().size() != columns) {
            throw error("View '" + create.name().name() + "' declares " + create.columnNames().size()
                    + " column names but its query has " + columns + " columns", create.name().offset());
        }
        CatalogEntry.View view = new CatalogEntry.View(ObjectIdentifier.of(create.name().name()), create.query().text(),
                create.columnNames());
        register(view, create.name(), create.ifNotExists());
    }

    private void register(CatalogEntry entry, Statement.NameRef name, boolean ifNotExists) {
        if (!catalog.register(entry) && !ifNotExists) {
            throw error("Table or view '" + entry.identifier() + "' already exists", name.offset());
        }
    }

    public void drop(Statement.Drop drop) {
        String kind = drop.view() ? "View" : "Table";
        CatalogEntry entry = catalog.find(drop.name().name()).orElse(null);
        if (entry == null) {
            if (!drop.ifExists()) {
                throw error(kind + " '" + ObjectIdentifier.of(drop.name().name()) + "' does not exist",
                        drop.name().offset());
            }
            return;
        }
        if ((entry instanceof CatalogEntry.View) != drop.view()) {
            throw error("'" + entry.identifier() + "' is not a " + kind.toLowerCase(java.util.Locale.ROOT)
                    + (drop.view() ? ": use DROP TABLE" : ": use DROP VIEW"), drop.name().offset());
        }
        catalog.remove(drop.name().name());
    }

    /** Loads the function's class now, so that a wrong class name fails here, not in a later query. */
    public void createFunction(Statement.CreateFunction create, ClassLoader classLoader) {
        String name = create.name().name();
        if (SluiceOperatorTable.isBuiltIn(name)) {
            throw error("Function '" + name + "' is a built-in function; choose another name", create.name().offset());
        }
        SqlFunction function;
        try {
            function = UserFunctionLoader.load(name, create.className(), classLoader);
        } catch (ValidationException e) {
            throw error(e.getMessage(), create.classOffset());
        }
        if (!catalog.registerFunction(function) && !create.ifNotExists()) {
            throw error("Function '" + name + "' already exists", create.name().offset());
        }
    }

    public void dropFunction(Statement.DropFunction drop) {
        if (catalog.removeFunction(drop.name().name()).isEmpty() && !drop.ifExists()) {
            throw error("Function '" + drop.name().name() + "' does not exist", drop.name().offset());
        }
    }

    /** The user-defined functions, then (unless {@code userOnly}) the built-in ones, each sorted by name. */
    public List<String> showFunctions(boolean userOnly) {
        List<String> names = new ArrayList<>(catalog.functions().stream().map(SqlFunction::getName).toList());
        if (!userOnly) {
            names.addAll(SluiceOperatorTable.builtInFunctionNames());
        }
        return names;
    }

    public List<String> showTables() {
        return catalog.entries().stream().map(entry -> entry.identifier().table()).toList();
    }

    /**
     * The DDL that makes the table or view again, as Flink prints it: quoted names, each column, the
     * watermark and primary key, then the options sorted by key, with secret values (passwords) masked.
     */
    public List<String> showCreate(Statement.ShowCreate show) {
        ObjectIdentifier identifier = ObjectIdentifier.of(show.name().name());
        CatalogEntry entry = catalog.find(show.name().name()).orElseThrow(() -> error(
                (show.view() ? "View '" : "Table '") + identifier + "' does not exist", show.name().offset()));
        boolean isView = entry instanceof CatalogEntry.View;
        if (isView != show.view()) {
            throw error("SHOW CREATE " + (show.view() ? "VIEW" : "TABLE") + " shows " + (show.view() ? "views" : "tables")
                    + ", but '" + identifier + "' is a " + (isView ? "view: use SHOW CREATE VIEW" : "table: use SHOW CREATE TABLE"),
                    show.name().offset());
        }
        return isView ? ShowCreate.view((CatalogEntry.View) entry) : ShowCreate.table((CatalogEntry.Table) entry);
    }

    /** One line per column ({@code name TYPE}), then the primary key and watermark when declared. */
    public List<String> describe(Statement.Describe describe, SqlFrontend frontend) {
        CatalogEntry entry = catalog.find(describe.name().name()).orElseThrow(() -> error(
                "Table or view '" + ObjectIdentifier.of(describe.name().name()) + "' does not exist",
                describe.name().offset()));
        List<String> lines = new ArrayList<>();
        if (entry instanceof CatalogEntry.Table table) {
            table.schema().columns().forEach(column -> lines.add(column.toString()));
            if (table.schema().hasPrimaryKey()) {
                lines.add("PRIMARY KEY (" + String.join(", ", table.schema().primaryKey()) + ") NOT ENFORCED");
            }
            table.schema().watermark().ifPresent(w -> lines.add("WATERMARK FOR " + w.rowtimeColumn() + " AS "
                    + w.expressionSql()));
        } else {
            RelDataType rowType;
            try {
                rowType = frontend.viewRowType((CatalogEntry.View) entry);
            } catch (TableUseException e) {
                throw error(e.getMessage(), describe.name().offset());
            }
            for (RelDataTypeField field : rowType.getFieldList()) {
                lines.add(field.getName() + " " + LogicalTypes.toLogicalType(field.getType()));
            }
        }
        return lines;
    }

    private SqlStatementException error(String message, int offset) {
        TextPosition position = TextPosition.of(statementText, offset);
        return new SqlStatementException(message, position.line(), position.column(), null);
    }
}
