package io.sluice.planner.sql;

import io.sluice.api.table.Column;
import io.sluice.planner.SqlStatementException;
import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.codegen.GeneratedRexExecutor;
import io.sluice.planner.functions.SluiceOperatorTable;
import io.sluice.planner.parse.KeywordIdentifiers;
import io.sluice.planner.parse.Statement.QueryText;
import io.sluice.planner.parse.TextPosition;
import io.sluice.planner.physical.TableUseException;
import io.sluice.planner.types.LogicalTypes;
import io.sluice.planner.types.SluiceTypeSystem;
import java.time.ZoneId;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Parses, validates and converts queries with Calcite, against the catalog's tables and views. Identifiers
 * are case-sensitive and quoted with backticks, as in Flink. Errors become {@link SqlStatementException}s
 * with the statement position Calcite reports.
 */
public final class SqlFrontend {
    private static final List<String> DEFAULT_PATH = List.of("default_catalog", "default_database");
    /** The one table a computed column's expression is validated against. */
    private static final String COLUMNS_TABLE = "columns";

    private final JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl(SluiceTypeSystem.INSTANCE);
    private final RelOptCluster cluster;
    private final CalciteCatalogReader catalogReader;
    private final Catalog catalog;

    /** @param sessionZone {@code table.local-time-zone}: constant folding evaluates in it */
    public SqlFrontend(Catalog catalog, ZoneId sessionZone) {
        this.catalog = catalog;
        HepPlanner planner = new HepPlanner(HepProgram.builder().build());
        // ReduceExpressionsRule folds constants with the cluster planner's executor: the generated code's semantics
        planner.setExecutor(new GeneratedRexExecutor(sessionZone));
        this.cluster = RelOptCluster.create(planner, new RexBuilder(typeFactory));
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        LogicalTypes.registerTypeAliases(root.plus());
        SchemaPlus catalogSchema = root.plus().add(DEFAULT_PATH.get(0), new AbstractSchema());
        catalogSchema.add(DEFAULT_PATH.get(1), new CatalogSchema(catalog, this::viewRowType));
        Properties properties = new Properties();
        properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        this.catalogReader = new CalciteCatalogReader(root, DEFAULT_PATH, typeFactory,
                new CalciteConnectionConfigImpl(properties));
    }

    public RelOptCluster cluster() {
        return cluster;
    }

    /**
     * Parses, validates and converts {@code query} into relational algebra with the query's field names.
     * An error inside a view the query uses points at the view's name in the query.
     */
    public RelRoot toRel(QueryText query) {
        try {
            return convert(query.paddedSql(), true);
        } catch (TableUseException e) {
            TextPosition position = TextPosition.ofIdentifier(query.paddedSql(), e.table());
            throw new SqlStatementException(e.getMessage(), position.line(), position.column(), e);
        }
    }

    /** The validated row type of a view's query, with the view's column names when it declares them. */
    public RelDataType viewRowType(CatalogEntry.View view) {
        RelDataType rowType;
        try {
            rowType = parseAndValidate(view.query(), newValidator()).rowType();
        } catch (SqlStatementException e) {
            throw inView(view.identifier().table(), e);
        }
        if (view.columnNames().isEmpty()) {
            return rowType;
        }
        return typeFactory.createStructType(rowType.getFieldList().stream().map(f -> f.getType()).toList(),
                view.columnNames());
    }

    /**
     * Validates {@code expressionSql} against the columns of {@code table} and returns the relational
     * form of {@code SELECT expression FROM table} (a projection directly over the table's scan).
     */
    public RelRoot expressionOverTable(String table, String expressionSql) {
        return convert("SELECT " + expressionSql + " FROM `" + table.replace("`", "``") + "`", false);
    }

    /**
     * Validates {@code expressionSql} against {@code columns} alone (a computed column sees the physical
     * columns of its table, nothing else) and returns it over a row of those columns.
     *
     * @throws SqlStatementException positioned in {@code expressionSql} itself (line 1, column 1 is its start)
     */
    public RexNode expressionOverColumns(List<Column> columns, String expressionSql) {
        RelDataTypeFactory.Builder rowType = typeFactory.builder();
        columns.forEach(column -> rowType.add(column.name(), LogicalTypes.toRelDataType(typeFactory, column.type())));
        RelDataType row = rowType.build();
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        LogicalTypes.registerTypeAliases(root.plus());
        root.plus().add(COLUMNS_TABLE, new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory factory) {
                return row;
            }
        });
        CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(), typeFactory, catalogReader.getConfig());
        String prefix = "SELECT ";
        try {
            RelRoot converted = convert(reader, prefix + expressionSql + "\nFROM `" + COLUMNS_TABLE + "`", false);
            return ((Project) converted.rel).getProjects().get(0);
        } catch (SqlStatementException e) {
            int column = e.line() == 1 ? Math.max(1, e.column() - prefix.length()) : e.column();
            throw new SqlStatementException(e.getMessage(), e.line(), column, e);
        }
    }

    private RelRoot convert(String sql, boolean trim) {
        return convert(catalogReader, sql, trim);
    }

    private RelRoot convert(CalciteCatalogReader reader, String sql, boolean trim) {
        SqlValidator validator = newValidator(reader);
        Validated validated = parseAndValidate(sql, validator);
        SqlToRelConverter converter = new SqlToRelConverter(this::expandView, validator, reader, cluster,
                StandardConvertletTable.INSTANCE, SqlToRelConverter.config().withTrimUnusedFields(trim)
                        .withExpand(false).withInSubQueryThreshold(Integer.MAX_VALUE));
        try {
            RelRoot root = converter.convertQuery(validated.node(), false, true);
            return trim ? root.withRel(converter.trimUnusedFields(false, root.rel)) : root;
        } catch (CalciteContextException e) {
            throw positioned(e);
        }
    }

    private RelRoot expandView(RelDataType rowType, String queryString, List<String> schemaPath,
                               List<String> viewPath) {
        try {
            return convert(queryString, false);
        } catch (SqlStatementException | TableUseException e) {
            throw inView(viewPath.get(viewPath.size() - 1), e);
        }
    }

    private static TableUseException inView(String view, RuntimeException e) {
        return new TableUseException(view, "In view '" + view + "': " + e.getMessage(), e);
    }

    private record Validated(SqlNode node, RelDataType rowType) {
    }

    private Validated parseAndValidate(String sql, SqlValidator validator) {
        SqlNode parsed;
        try {
            parsed = SqlParser.create(KeywordIdentifiers.quote(sql), parserConfig()).parseQuery();
        } catch (SqlParseException e) {
            throw new SqlStatementException(withoutPosition(firstLine(e.getMessage())), e.getPos().getLineNum(),
                    e.getPos().getColumnNum(), e);
        }
        try {
            SqlNode node = validator.validate(PartitionedSessionRewrite.apply(parsed));
            LegacyGroupWindows.refuse(node);
            return new Validated(node, validator.getValidatedNodeType(node));
        } catch (CalciteContextException e) {
            throw positioned(e);
        }
    }

    private SqlValidator newValidator() {
        return newValidator(catalogReader);
    }

    private SqlValidator newValidator(CalciteCatalogReader reader) {
        SqlValidator.Config config = SqlValidator.Config.DEFAULT
                .withIdentifierExpansion(true)
                .withDefaultNullCollation(NullCollation.LOW)
                .withConformance(SluiceConformance.INSTANCE)
                .withTypeCoercionFactory(NumericComparisonCoercion::new);
        return SqlValidatorUtil.newValidator(SqlOperatorTables.chain(SluiceOperatorTable.create(catalog.functions()), reader),
                reader, typeFactory, config);
    }

    static SqlParser.Config parserConfig() {
        return SqlParser.config()
                .withQuoting(Quoting.BACK_TICK)
                .withQuotedCasing(Casing.UNCHANGED)
                .withUnquotedCasing(Casing.UNCHANGED)
                .withCaseSensitive(true)
                .withConformance(SluiceConformance.INSTANCE);
    }

    private static SqlStatementException positioned(CalciteContextException e) {
        String message = e.getCause() != null && e.getCause().getMessage() != null
                ? e.getCause().getMessage() : e.getMessage();
        return new SqlStatementException(message, e.getPosLine(), e.getPosColumn(), e);
    }

    /** The parser's message without its own " at line 1, column 8.": the error carries the script's position. */
    private static String withoutPosition(String message) {
        return message.replaceFirst(" at line \\d+, column \\d+\\.?$", "");
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /** The table a scan reads, when it is a catalog table. */
    public static CatalogEntry.Table catalogTable(RelOptTable table) {
        CatalogSchema.ConnectorTable connectorTable = table.unwrap(CatalogSchema.ConnectorTable.class);
        return connectorTable == null ? null : connectorTable.entry();
    }
}
