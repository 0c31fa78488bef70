package io.sluice.planner.sql;

import io.sluice.api.table.Column;
import io.sluice.planner.catalog.Catalog;
import io.sluice.planner.catalog.CatalogEntry;
import io.sluice.planner.types.LogicalTypes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.TemporalTable;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;

/** The catalog's tables and views as Calcite's {@code default_catalog.default_database} schema. */
final class CatalogSchema extends AbstractSchema {
    private final Catalog catalog;
    private final Function<CatalogEntry.View, RelDataType> viewRowType;

    CatalogSchema(Catalog catalog, Function<CatalogEntry.View, RelDataType> viewRowType) {
        this.catalog = catalog;
        this.viewRowType = viewRowType;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (CatalogEntry entry : catalog.entries()) {
            tables.put(entry.identifier().table(), entry instanceof CatalogEntry.Table table
                    ? new ConnectorTable(table) : new ViewTable((CatalogEntry.View) entry));
        }
        return tables;
    }

    /**
     * A connector table; scans of it become {@code LogicalTableScan}s that carry the catalog entry. Every
     * connector table may be named in {@code FOR SYSTEM_TIME AS OF}: whether its connector can serve
     * lookups is checked when the join is planned, naming the connector.
     */
    static final class ConnectorTable extends AbstractTable implements TemporalTable {
        private final CatalogEntry.Table entry;

        ConnectorTable(CatalogEntry.Table entry) {
            this.entry = entry;
        }

        CatalogEntry.Table entry() {
            return entry;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory factory) {
            RelDataTypeFactory.Builder builder = factory.builder();
            for (Column column : entry.schema().columns()) {
                builder.add(column.name(), LogicalTypes.toRelDataType(factory, column.type()));
            }
            return builder.build();
        }

        /** Lookups read the table as it is now: it keeps no system-time period of its own. */
        @Override
        public String getSysStartFieldName() {
            return "";
        }

        @Override
        public String getSysEndFieldName() {
            return "";
        }
    }

    /** A view, expanded into its query wherever it is used. */
    final class ViewTable extends AbstractTable implements TranslatableTable {
        private final CatalogEntry.View entry;

        ViewTable(CatalogEntry.View entry) {
            this.entry = entry;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory factory) {
            return viewRowType.apply(entry);
        }

        @Override
        public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
            RelNode query = context.expandView(relOptTable.getRowType(), entry.query(),
                    java.util.List.of(), relOptTable.getQualifiedName()).project();
            return org.apache.calcite.plan.RelOptUtil.createCastRel(query, relOptTable.getRowType(), true);
        }
    }
}
