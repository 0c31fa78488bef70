package io.sluice.api.connector;

import io.sluice.api.data.ChangelogMode;

/** A table read as a stream of changes. Created by a {@link DynamicTableFactory}; opens readers. */
public interface ScanSource {

    /** The row kinds the source may produce. */
    ChangelogMode getChangelogMode();

    /** True when the input ends (a file, a snapshot); false for an endless stream. */
    boolean isBounded();

    /**
     * This source for a job that drops its -U rows right after the scan, because no consumer reads them
     * (an upsert sink keyed as the source). A source may return a copy that leaves them out, and so save
     * producing them (a CDC format need not read an update's old row); by default it returns itself and
     * the job drops what it sends.
     */
    default ScanSource withoutUpdateBefore() {
        return this;
    }

    /**
     * A reader for one split of the input. Sources that cannot split serve everything from subtask 0
     * and nothing from the others.
     */
    SourceReader createReader(int subtaskIndex, int parallelism);
}
