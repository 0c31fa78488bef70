package io.sluice.testing;

import java.lang.reflect.Parameter;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension handing tests a PostgreSQL and a MySQL-protocol database:
 * <pre>{@code
 * @ExtendWith(TestDatabases.class)
 * class SinkIT {
 *     @Test
 *     void writes(@Postgres TestDatabase db) { ... }
 * }
 * }</pre>
 * Each database is looked for once per JVM, in this order unless {@code -Dsluice.it.databases}
 * says otherwise: the {@code SLUICE_IT_POSTGRES_URL} / {@code SLUICE_IT_MYSQL_URL} environment
 * variables (with {@code _USER}, {@code _PASSWORD}), Testcontainers when Docker answers, then the
 * embedded servers. A test that asks for a database that cannot be had fails, listing why.
 *
 * <p>The PostgreSQL and MariaDB drivers come with this module, so {@code jdbc:postgresql:} and
 * {@code jdbc:mariadb:} URLs work as they are; a {@code jdbc:mysql:} URL needs a driver that takes
 * it on the test classpath (MySQL Connector/J).
 */
public final class TestDatabases implements ParameterResolver {

    private static final Map<TestDatabase.Kind, TestDatabase> FOUND = new EnumMap<>(TestDatabase.Kind.class);
    private static final Map<TestDatabase.Kind, String> FAILED = new EnumMap<>(TestDatabase.Kind.class);

    /** The JVM's database of this kind, looked for on first use. */
    public static synchronized TestDatabase get(TestDatabase.Kind kind) {
        if (FAILED.containsKey(kind)) {
            throw new NoTestDatabaseException(FAILED.get(kind));
        }
        if (!FOUND.containsKey(kind)) {
            try {
                FOUND.put(kind, DatabaseLocator.fromSystem().locate(kind));
            } catch (RuntimeException e) {
                // Every later test gets the same answer at once instead of waiting for the same failures.
                FAILED.put(kind, e.getMessage());
                throw e;
            }
        }
        return FOUND.get(kind);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == TestDatabase.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        return get(kindOf(parameter.getParameter()));
    }

    private static TestDatabase.Kind kindOf(Parameter parameter) {
        boolean postgres = parameter.isAnnotationPresent(Postgres.class);
        boolean mysql = parameter.isAnnotationPresent(MySql.class);
        if (postgres == mysql) {
            throw new ParameterResolutionException("Parameter '" + parameter.getName() + "' of "
                    + parameter.getDeclaringExecutable() + " needs exactly one of @Postgres or @MySql");
        }
        return postgres ? TestDatabase.Kind.POSTGRES : TestDatabase.Kind.MYSQL;
    }
}
