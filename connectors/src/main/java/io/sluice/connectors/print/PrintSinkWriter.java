package io.sluice.connectors.print;

import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import java.io.PrintStream;

/**
 * Prints each row as one line on {@link System#out}, whatever its kind: in upsert mode a -U still
 * reaches the sink when the query needs it to remove a row (a filter that drops the row's +U), and
 * hiding it would hide that removal. Lines of parallel writers never interleave:
 * each is written and flushed while holding the stream's lock.
 */
final class PrintSinkWriter implements SinkWriter {
    private final String prefix;

    PrintSinkWriter(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public void write(Row row) {
        String line = prefix + RowText.format(row);
        PrintStream out = System.out;
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    @Override
    public void flush() {
        System.out.flush();
    }

    @Override
    public void snapshot(long checkpointId) {
        System.out.flush();
    }

    @Override
    public void close() {
        System.out.flush();
    }
}
