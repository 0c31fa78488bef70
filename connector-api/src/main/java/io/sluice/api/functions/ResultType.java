package io.sluice.api.functions;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The SQL type of what a {@link TableFunction} produces, written as in {@code CREATE TABLE}: a
 * {@code ROW<name type, ...>} for several columns, such as {@code @ResultType("ROW<word STRING, length INT>")}.
 * Required when the function's rows are {@link io.sluice.api.data.Row}s.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ResultType {

    /** The type, such as {@code ROW<word STRING, length INT>}. */
    String value();
}
