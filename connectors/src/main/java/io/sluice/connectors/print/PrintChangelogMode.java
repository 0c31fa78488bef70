package io.sluice.connectors.print;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;

/** The {@code changelog-mode} option of the {@code print} sink: which kinds it accepts. */
public enum PrintChangelogMode {
    /** Whatever the query produces, including -U. */
    ALL,
    /** Updates by key without -U; the table needs a primary key. */
    UPSERT,
    /** Inserts only: the planner rejects queries that update. */
    INSERT_ONLY;

    ChangelogMode accept(ChangelogMode requested) {
        return switch (this) {
            case ALL -> requested;
            case UPSERT -> requested.without(RowKind.UPDATE_BEFORE);
            case INSERT_ONLY -> ChangelogMode.insertOnly();
        };
    }
}
