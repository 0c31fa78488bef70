package io.sluice.connectors.values;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;

/** The bounded source of a {@code values} table; subtask 0 reads everything. */
final class ValuesSource implements ScanSource {
    private final ValuesInput input;
    private final ValuesRowParser parser;
    private final ChangelogMode mode;

    ValuesSource(ValuesInput input, ValuesRowParser parser, ChangelogMode mode) {
        this.input = input;
        this.parser = parser;
        this.mode = mode;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return mode;
    }

    @Override
    public boolean isBounded() {
        return true;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new ValuesReader(input, parser, subtaskIndex == 0);
    }
}
