package io.sluice.api.functions;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * A user-defined table function, registered with {@code CREATE FUNCTION name AS 'com.example.Split'} and
 * called in SQL as {@code LATERAL TABLE(name(arg, ...))}, as in Flink: for each row of the table on its
 * left, the function's rows join that row ({@code FROM t, LATERAL TABLE(...)} or {@code CROSS JOIN}
 * keeps only rows that produced some; {@code LEFT JOIN LATERAL TABLE(...) ON TRUE} keeps the others too,
 * with NULLs).
 *
 * <p>A subclass is public with a public no-argument constructor and declares one or more public
 * {@code void eval(...)} methods, chosen by the arguments' types as a {@link ScalarFunction}'s are (see
 * there for how SQL types map to Java types and how NULL arguments are passed). {@code eval} calls
 * {@link #collect} once per row it produces, any number of times.
 *
 * <p>The rows' columns: with {@code T} a Java type of a SQL type (such as {@code String}), one column
 * named {@code f0}; with {@code T} {@link io.sluice.api.data.Row}, the columns that {@link ResultType}
 * on the class declares, such as {@code @ResultType("ROW<word STRING, length INT>")}, filled by
 * {@code collect(Row.insert(word, word.length()))} with each field's value in the Java type its SQL type
 * maps to. The columns can be renamed in SQL: {@code LATERAL TABLE(split(line)) AS T(w, n)}.
 *
 * <p>Each parallel subtask has its own instance; {@code eval} is called from one thread at a time.
 *
 * <pre>{@code
 * @ResultType("ROW<word STRING, length INT>")
 * public class Split extends TableFunction<Row> {
 *     public void eval(String line) {
 *         for (String word : line.split(" ")) {
 *             collect(Row.insert(word, word.length()));
 *         }
 *     }
 * }
 * }</pre>
 *
 * @param <T> the type of the rows produced
 */
public abstract class TableFunction<T> {
    private Consumer<? super T> collector;

    /** Emits a row of the function's result for the row being joined. */
    protected final void collect(T row) {
        collector.accept(row);
    }

    /** Where {@link #collect} sends rows; the engine sets it once, before the first {@code eval}. */
    public final void setCollector(Consumer<? super T> collector) {
        this.collector = Objects.requireNonNull(collector, "collector");
    }

    /** False when the function may produce different rows for the same arguments. */
    public boolean isDeterministic() {
        return true;
    }
}
