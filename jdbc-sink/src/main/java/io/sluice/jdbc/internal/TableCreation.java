package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.TableDefinition;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code sink.auto-create}: creates the table from the declared schema when it does not exist. */
public final class TableCreation {
    private static final Logger LOG = LoggerFactory.getLogger(TableCreation.class);

    private TableCreation() {
    }

    /** Creates {@code table} unless a query of it works; tolerates another process creating it meanwhile. */
    public static void createIfMissing(Connection connection, JdbcDialect dialect, TableDefinition table)
            throws SQLException {
        if (exists(connection, dialect, table)) {
            return;
        }
        String ddl = dialect.createTableStatement(table, DatabaseProduct.of(connection.getMetaData()));
        try (Statement statement = connection.createStatement()) {
            statement.execute(ddl);
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
            LOG.info("Created table {}: {}", table.tableName(), ddl);
        } catch (SQLException e) {
            if (!exists(connection, dialect, table)) {
                throw e;
            }
        }
    }

    /**
     * Whether a query of the table works. A broken connection is no answer, so its failure is thrown
     * (and the caller retries on a new connection) instead of being taken for a missing table.
     */
    private static boolean exists(Connection connection, JdbcDialect dialect, TableDefinition table)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT * FROM " + dialect.quoteTableName(table.tableName()) + " WHERE 1 = 0")
                    .close();
            return true;
        } catch (SQLException e) {
            if (FailureClass.of(e) == FailureClass.CONNECTION) {
                throw e;
            }
            rollbackQuietly(connection);
            return false;
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        } catch (SQLException e) {
            LOG.debug("Rollback after a failed existence check failed", e);
        }
    }
}
