package io.sluice.connectors;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Tables and readers for the connectors' tests. */
public final class TestTables {
    public static final ObjectIdentifier TABLE = ObjectIdentifier.of("t");

    /** One column of every type, named after it. */
    public static final TableSchema EVERY_TYPE = TableSchema.of(List.of(
            new Column("b", LogicalType.booleanType()), new Column("ti", LogicalType.tinyint()),
            new Column("si", LogicalType.smallint()), new Column("i", LogicalType.intType()),
            new Column("bi", LogicalType.bigint()), new Column("f", LogicalType.floatType()),
            new Column("d", LogicalType.doubleType()), new Column("dec", LogicalType.decimal(12, 4)),
            new Column("c", LogicalType.charType(3)), new Column("vc", LogicalType.varchar(20)),
            new Column("s", LogicalType.string()), new Column("dt", LogicalType.date()),
            new Column("tm", LogicalType.time(3)), new Column("ts", LogicalType.timestamp(6)),
            new Column("ltz", LogicalType.timestampLtz(3)), new Column("by", LogicalType.bytes())));

    private TestTables() {
    }

    public static FactoryContext context(TableSchema schema, Map<String, String> options) {
        return new FactoryContext(TABLE, schema, new TableOptions(TABLE, options), Map.of());
    }

    /** Reads until the end, waiting through NOTHING_AVAILABLE. */
    public static List<Row> readAll(SourceReader reader) throws Exception {
        return read(reader, Long.MAX_VALUE);
    }

    /** Reads {@code count} rows, or fewer when the input ends first. */
    public static List<Row> read(SourceReader reader, long count) throws Exception {
        List<Row> rows = new ArrayList<>();
        while (rows.size() < count) {
            SourceReader.Status status = reader.pollNext(rows::add);
            if (status == SourceReader.Status.END_OF_INPUT) {
                break;
            }
        }
        return rows;
    }
}
