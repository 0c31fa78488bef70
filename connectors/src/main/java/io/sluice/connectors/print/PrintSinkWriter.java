package io.sluice.connectors.print;

import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import java.io.PrintStream;

/**
 * Prints each row as one line on {@link System#out}. Lines of parallel writers never interleave:
 * each is written and flushed while holding the stream's lock.
 */
final class PrintSinkWriter implements SinkWriter {
    private final String prefix;
    private final boolean printsUpdateBefore;

    PrintSinkWriter(String prefix, boolean printsUpdateBefore) {
        this.prefix = prefix;
        this.printsUpdateBefore = printsUpdateBefore;
    }

    @Override
    public void write(Row row) {
        // A sink that did not accept -U must not show it, whatever reaches it.
        if (row.kind() == RowKind.UPDATE_BEFORE && !printsUpdateBefore) {
            return;
        }
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
