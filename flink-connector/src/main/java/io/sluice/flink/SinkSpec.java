package io.sluice.flink;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.jdbc.DeliveryGuarantee;
import io.sluice.jdbc.JdbcDynamicTableFactory;
import io.sluice.jdbc.JdbcOptions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a {@code sluice-jdbc} table is, in a form that travels with the job graph to the task managers:
 * its name, physical columns with their Flink types, primary key and options. Each task builds
 * Sluice's jdbc sink from it ({@link #createTableSink()}).
 */
record SinkSpec(String catalog, String database, String table, List<String> columnNames,
                List<LogicalType> columnTypes, List<String> primaryKey, Map<String, String> options)
        implements Serializable {

    SinkSpec {
        columnNames = List.copyOf(columnNames);
        columnTypes = List.copyOf(columnTypes);
        primaryKey = List.copyOf(primaryKey);
        options = Map.copyOf(options);
    }

    static SinkSpec from(org.apache.flink.table.catalog.ObjectIdentifier identifier, DataType physicalRow,
                         Optional<UniqueConstraint> primaryKey, Map<String, String> options) {
        RowType row = (RowType) physicalRow.getLogicalType();
        return new SinkSpec(identifier.getCatalogName(), identifier.getDatabaseName(), identifier.getObjectName(),
                row.getFieldNames(), row.getChildren(),
                primaryKey.map(UniqueConstraint::getColumns).orElse(List.of()), options);
    }

    boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    /** The {@code sink.delivery-guarantee} asked for; call after {@link #createTableSink()} validated it. */
    DeliveryGuarantee deliveryGuarantee() {
        return new TableOptions(identifier(), options).get(JdbcOptions.SINK_DELIVERY_GUARANTEE);
    }

    ObjectIdentifier identifier() {
        return new ObjectIdentifier(catalog, database, table);
    }

    /**
     * Sluice's jdbc sink for this table: options validated, URL resolved, dialect found; no connection yet.
     *
     * @throws io.sluice.api.options.ValidationException naming the table and the option or column at fault
     */
    TableSink createTableSink() {
        return new JdbcDynamicTableFactory().createSink(factoryContext());
    }

    private FactoryContext factoryContext() {
        List<Column> columns = new ArrayList<>(columnNames.size());
        for (int i = 0; i < columnNames.size(); i++) {
            String name = columnNames.get(i);
            columns.add(new Column(name, TypeConversion.toSluice(identifier(), name, columnTypes.get(i))));
        }
        TableSchema schema = TableSchema.of(columns, primaryKey, null);
        return new FactoryContext(identifier(), schema, new TableOptions(identifier(), options), Map.of());
    }
}
