package io.sluice.api.connector;

/**
 * A table read by key for lookup joins ({@code JOIN t FOR SYSTEM_TIME AS OF s.proc_time ON s.k = t.k}):
 * each row of the stream looks up the rows of the table as they are when it arrives. Created by a
 * {@link DynamicTableFactory}.
 */
public interface LookupSource {

    /**
     * A reader finding the rows whose {@code keyColumns} (indexes of the table's physical columns)
     * equal given values. Each of the {@code parallelism} subtasks opens its own and calls it from one
     * thread.
     */
    LookupReader createReader(int[] keyColumns, int subtaskIndex, int parallelism);
}
