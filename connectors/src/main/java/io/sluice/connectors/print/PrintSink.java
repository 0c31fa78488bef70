package io.sluice.connectors.print;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import java.util.OptionalInt;

/** The sink of a {@code print} table. */
final class PrintSink implements TableSink {
    private final PrintChangelogMode mode;
    private final String prefix;
    private final Integer parallelism;

    /** @param parallelism the {@code sink.parallelism} option, or null */
    PrintSink(PrintChangelogMode mode, String prefix, Integer parallelism) {
        this.mode = mode;
        this.prefix = prefix;
        this.parallelism = parallelism;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requested) {
        return mode.accept(requested);
    }

    @Override
    public OptionalInt parallelism() {
        return parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism);
    }

    @Override
    public SinkWriter createWriter(SinkContext context) {
        return new PrintSinkWriter(prefix);
    }
}
