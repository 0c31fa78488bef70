package io.sluice.planner.physical;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.WatermarkSpec;
import io.sluice.planner.SqlStatementException;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.config.PlannerConfig;
import io.sluice.planner.config.PlannerOptions;
import io.sluice.planner.sql.SqlFrontend;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;

/**
 * Builds what reading a table takes: the scan, then a Calc for computed columns when the table declares
 * any, then a watermark assigner when the table declares a
 * watermark, a mini-batch assigner when mini-batch is on, and changelog normalization for upsert sources.
 */
final class ScanConversion {
    private final SqlFrontend frontend;
    private final PlannerConfig config;

    ScanConversion(SqlFrontend frontend, PlannerConfig config) {
        this.frontend = frontend;
        this.config = config;
    }

    PhysicalNode build(CatalogEntry.Table table, ScanSource source, int[] fields, RelDataType tableRowType,
                       boolean normalizeUpserts) {
        RelDataType rowType = frontend.cluster().getTypeFactory().createStructType(
                Arrays.stream(fields).mapToObj(i -> tableRowType.getFieldList().get(i)).map(RelDataTypeField::getType)
                        .toList(),
                Arrays.stream(fields).mapToObj(i -> tableRowType.getFieldNames().get(i)).toList());
        PhysicalNode node = table.schema().hasComputedColumns()
                ? computedColumns(table, source, rowType)
                : new PhysicalNodes.TableSourceScan(table, source, fields, rowType);
        if (table.schema().watermark().isPresent()) {
            WatermarkSpec watermark = table.schema().watermark().get();
            node = new PhysicalNodes.WatermarkAssigner(node, table.schema().indexOf(watermark.rowtimeColumn()),
                    watermarkExpression(table, watermark));
        }
        if (config.get(PlannerOptions.MINI_BATCH_ENABLED)) {
            node = new PhysicalNodes.MiniBatchAssigner(node, miniBatchLatency(), miniBatchSize());
        }
        if (normalizeUpserts) {
            if (!table.schema().hasPrimaryKey()) {
                throw new TableUseException(table.identifier().table(), "Table '" + table.identifier()
                        + "' produces upserts (changelog mode " + source.getChangelogMode()
                        + ") and needs a PRIMARY KEY (...) NOT ENFORCED", null);
            }
            int[] keys = table.schema().primaryKeyIndexes();
            node = new PhysicalNodes.ChangelogNormalize(PhysicalPlanner.exchange(node, keys), keys);
        }
        return node;
    }

    /**
     * Reads every physical column, then computes the table's row in declared order: the physical columns
     * where they stand, each computed column from its expression. What follows (watermark, queries) sees
     * the whole row; the connector only the physical columns.
     */
    private PhysicalNode computedColumns(CatalogEntry.Table table, ScanSource source, RelDataType tableRowType) {
        List<Column> columns = table.schema().columns();
        List<Column> physical = table.schema().physical().columns();
        List<RelDataTypeField> fields = tableRowType.getFieldList();
        RelDataTypeFactory.Builder physicalType = frontend.cluster().getTypeFactory().builder();
        int[] physicalFields = IntStream.range(0, physical.size()).toArray();
        List<RexNode> projects = new ArrayList<>(columns.size());
        RexBuilder rex = frontend.cluster().getRexBuilder();
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.get(i).isComputed()) {
                RelDataTypeField field = fields.get(i);
                projects.add(rex.makeInputRef(field.getType(), physicalType.getFieldCount()));
                physicalType.add(field);
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).isComputed()) {
                projects.add(i, computedExpression(table, physical, columns.get(i), fields.get(i).getType()));
            }
        }
        PhysicalNode scan = new PhysicalNodes.TableSourceScan(table, source, physicalFields, physicalType.build());
        return new PhysicalNodes.Calc(scan, projects, null, tableRowType);
    }

    private RexNode computedExpression(CatalogEntry.Table table, List<Column> physical, Column column,
                                       RelDataType type) {
        try {
            RexNode expression = frontend.expressionOverColumns(physical, column.expressionSql());
            return frontend.cluster().getRexBuilder().ensureType(type, expression, true);
        } catch (SqlStatementException e) {
            throw new TableUseException(table.identifier().table(), "Invalid computed column '" + column.name()
                    + "' of table '" + table.identifier() + "': " + e.getMessage(), e);
        }
    }

    private RexNode watermarkExpression(CatalogEntry.Table table, WatermarkSpec watermark) {
        try {
            RelNode rel = frontend.expressionOverTable(table.identifier().table(), watermark.expressionSql()).rel;
            return ((Project) rel).getProjects().get(0);
        } catch (SqlStatementException e) {
            throw new TableUseException(table.identifier().table(), "Invalid watermark expression of table '"
                    + table.identifier() + "': " + e.getMessage(), e);
        }
    }

    private long miniBatchLatency() {
        long millis = config.get(PlannerOptions.MINI_BATCH_ALLOW_LATENCY).toMillis();
        if (millis <= 0) {
            throw new ValidationException("'" + PlannerOptions.MINI_BATCH_ALLOW_LATENCY.key()
                    + "' must be greater than 0 when '" + PlannerOptions.MINI_BATCH_ENABLED.key() + "' is true");
        }
        return millis;
    }

    private long miniBatchSize() {
        long size = config.get(PlannerOptions.MINI_BATCH_SIZE);
        if (size <= 0) {
            throw new ValidationException("'" + PlannerOptions.MINI_BATCH_SIZE.key()
                    + "' must be greater than 0 when '" + PlannerOptions.MINI_BATCH_ENABLED.key() + "' is true");
        }
        return size;
    }
}
