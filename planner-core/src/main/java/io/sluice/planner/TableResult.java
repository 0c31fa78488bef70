package io.sluice.planner;

import io.sluice.api.data.Row;
import java.util.function.Consumer;

/**
 * The result of one statement. DDL and SET have nothing to print; SHOW/DESCRIBE/EXPLAIN print text;
 * SELECT prints its changelog; INSERT runs a job.
 */
public interface TableResult {

    /**
     * Prints the result to {@code out}, one line per row, and blocks until the statement is done
     * (a job finished, or was cancelled). SELECT prints every change as {@code +I[a, 1]} (with -U).
     */
    void print(java.io.PrintStream out);

    /** Hands each row of the result (for SELECT, each change) to {@code consumer} as it comes; blocks until done. */
    void forEach(Consumer<Row> consumer);

    /** Stops a running job at once; no-op when nothing runs. */
    void cancel();

    /**
     * Ends a running job's input where it is (Ctrl-C): the job finishes as if its sources had ended, with
     * a last checkpoint when checkpointing is on. No-op when nothing runs.
     */
    default void drain() {
        cancel();
    }
}
