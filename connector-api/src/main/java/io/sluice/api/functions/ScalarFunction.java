package io.sluice.api.functions;

/**
 * A user-defined scalar function, registered with {@code CREATE FUNCTION name AS 'com.example.MyFunction'}
 * and called in SQL as {@code name(arg, ...)}, as in Flink.
 *
 * <p>A subclass is public, has a public no-argument constructor, and declares one or more public
 * methods named {@code eval}; a call uses the overload whose parameters take the arguments' types. SQL
 * types map to parameter and return types as follows: BOOLEAN {@code boolean}/{@link Boolean},
 * TINYINT {@code byte}, SMALLINT {@code short}, INT {@code int}, BIGINT {@code long}, FLOAT {@code float},
 * DOUBLE {@code double} (each also boxed), DECIMAL {@link java.math.BigDecimal} (returned as
 * DECIMAL(38, 18)), CHAR/VARCHAR/STRING {@link String}, DATE {@link java.time.LocalDate}, TIME
 * {@link java.time.LocalTime}, TIMESTAMP {@link java.time.LocalDateTime} (returned as TIMESTAMP(3)),
 * TIMESTAMP_LTZ {@link java.time.Instant} (returned as TIMESTAMP_LTZ(3)), BYTES {@code byte[]}.
 *
 * <p>NULL: when an argument is SQL NULL and its parameter is a primitive, the call is not made and the
 * result is NULL; a boxed or object parameter receives {@code null}. A {@code null} return value is
 * SQL NULL. Each parallel subtask has its own instance; {@code eval} is called from one thread at a time.
 *
 * <pre>{@code
 * public class CountChar extends ScalarFunction {
 *     public long eval(String text, String character) {
 *         return text.chars().filter(c -> c == character.charAt(0)).count();
 *     }
 * }
 * }</pre>
 */
public abstract class ScalarFunction {

    /**
     * False when the function may return different results for the same arguments (a clock, a random
     * number): the planner then never evaluates it ahead of time and keeps it out of keys it matches
     * retractions on.
     */
    public boolean isDeterministic() {
        return true;
    }
}
