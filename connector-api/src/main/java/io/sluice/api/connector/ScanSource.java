package io.sluice.api.connector;

import io.sluice.api.data.ChangelogMode;

/** A table read as a stream of changes. Created by a {@link DynamicTableFactory}; opens readers. */
public interface ScanSource {

    /** The row kinds the source may produce. */
    ChangelogMode getChangelogMode();

    /** True when the input ends (a file, a snapshot); false for an endless stream. */
    boolean isBounded();

    /**
     * A reader for one split of the input. Sources that cannot split serve everything from subtask 0
     * and nothing from the others.
     */
    SourceReader createReader(int subtaskIndex, int parallelism);
}
