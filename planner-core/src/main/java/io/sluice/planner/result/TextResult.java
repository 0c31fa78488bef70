package io.sluice.planner.result;

import io.sluice.api.data.Row;
import io.sluice.planner.TableResult;
import java.io.PrintStream;
import java.util.List;
import java.util.function.Consumer;

/** Lines of text (SHOW TABLES, DESCRIBE, EXPLAIN), or nothing (DDL, SET). */
public final class TextResult implements TableResult {
    private static final TextResult EMPTY = new TextResult(List.of());

    private final List<String> lines;

    public TextResult(List<String> lines) {
        this.lines = List.copyOf(lines);
    }

    public static TextResult empty() {
        return EMPTY;
    }

    @Override
    public void print(PrintStream out) {
        lines.forEach(out::println);
    }

    /** Each line as a one-field row. */
    @Override
    public void forEach(Consumer<Row> consumer) {
        lines.forEach(line -> consumer.accept(Row.insert(line)));
    }

    @Override
    public void cancel() {
    }
}
