package io.sluice.jdbc;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;
import io.sluice.jdbc.dialect.JdbcUrlResolver;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import java.sql.Connection;
import java.util.Map;

/**
 * A dialect for {@code jdbc:fake:} URLs that never connects, for testing option validation and
 * discovery; it cannot hold TIME columns. Registered only in this module's test classpath.
 */
public final class FakeDialectFactory implements JdbcDialectFactory {

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public boolean acceptsUrl(String url) {
        return url.startsWith("jdbc:fake:");
    }

    @Override
    public JdbcDialect create() {
        return new FakeDialect();
    }

    /** Resolves {@code test:fake} to a {@code jdbc:fake:} URL with credentials. */
    public static final class Resolver implements JdbcUrlResolver {
        @Override
        public boolean accepts(String url) {
            return url.equals("test:fake");
        }

        @Override
        public ResolvedUrl resolve(String url) {
            return new ResolvedUrl("jdbc:fake://resolved/db", "resolved-user", "resolved-password");
        }
    }

    private static final class FakeDialect implements JdbcDialect {
        @Override
        public String name() {
            return "fake";
        }

        @Override
        public Map<String, String> driverProperties(String url, ConnectionTimeouts timeouts) {
            return Map.of();
        }

        @Override
        public String defaultDriverClass(String url) {
            return "org.example.FakeDriver";
        }

        @Override
        public String quoteIdentifier(String identifier) {
            return '"' + identifier + '"';
        }

        @Override
        public String quoteTableName(String tableName) {
            return quoteIdentifier(tableName);
        }

        @Override
        public void validateType(String tableName, String column, LogicalType type) {
            if (type.root() == TypeRoot.TIME) {
                throw new ValidationException("Table '" + tableName + "': column '" + column + "' of type " + type
                        + " cannot be stored in a fake database");
            }
        }

        @Override
        public String columnType(String tableName, Column column, boolean key) {
            throw new UnsupportedOperationException("the fake dialect never connects");
        }

        @Override
        public String selectStatement(TableDefinition table) {
            throw new UnsupportedOperationException("the fake dialect never connects");
        }

        @Override
        public TableWriter openWriter(Connection connection, TableDefinition table) {
            throw new UnsupportedOperationException("the fake dialect never connects");
        }
    }
}
