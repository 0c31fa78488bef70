package io.sluice.examples.h2;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Writes each call as one JDBC batch of single-row statements. The sink calls it inside its own
 * transaction and retries a failed flush itself, so the writer neither commits nor retries.
 */
final class H2TableWriter implements TableWriter {
    private final H2Statements statements;
    private final ValueCodec codec;
    private final LogicalType[] types;
    private final int[] allFields;
    private final int[] keyFields;

    H2TableWriter(H2Statements statements, ValueCodec codec, TableDefinition table) {
        this.statements = statements;
        this.codec = codec;
        List<String> names = table.columns().stream().map(Column::name).toList();
        this.types = table.columns().stream().map(Column::type).toArray(LogicalType[]::new);
        this.allFields = IntStream.range(0, names.size()).toArray();
        this.keyFields = table.primaryKey().stream().mapToInt(names::indexOf).toArray();
    }

    @Override
    public WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        return executeBatch(connection, statements.upsert(), rows, allFields);
    }

    @Override
    public WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException {
        return executeBatch(connection, statements.delete(), rows, keyFields);
    }

    @Override
    public WriteStats insert(Connection connection, List<Object[]> rows) throws SQLException {
        return executeBatch(connection, statements.insert(), rows, allFields);
    }

    @Override
    public String strategy() {
        return "jdbc-batch";
    }

    private WriteStats executeBatch(Connection connection, String sql, List<Object[]> rows, int[] fields)
            throws SQLException {
        if (rows.isEmpty()) {
            return WriteStats.NONE;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < fields.length; i++) {
                    codec.bind(statement, i + 1, row[fields[i]], types[fields[i]]);
                }
                statement.addBatch();
            }
            statement.executeBatch();
        }
        return new WriteStats(rows.size(), 1);
    }
}
