package io.sluice.jdbc.internal;

import java.sql.Connection;

/**
 * A progress row in a {@link FakeDatabase}: changes become visible when their transaction commits,
 * like the progress table's. Tests may move it as another attempt would.
 */
final class FakeProgressStore implements ProgressStore {
    private final FakeDatabase database;
    private volatile Progress committed;

    FakeProgressStore(FakeDatabase database) {
        this.database = database;
    }

    /** Sets the committed row, as an earlier run or a newer attempt left it. */
    void set(long checkpointId, long epoch) {
        committed = new Progress(checkpointId, epoch);
    }

    Progress committed() {
        return committed;
    }

    @Override
    public void createIfMissing(Connection connection) {
        if (committed == null) {
            committed = new Progress(0, 0);
        }
    }

    @Override
    public Progress claim(Connection connection, boolean freshStart) {
        Progress next = new Progress(freshStart ? 0 : committed.checkpointId(), committed.epoch() + 1);
        database.onCommit(connection, () -> committed = next);
        return next;
    }

    @Override
    public boolean advance(Connection connection, long epoch, long checkpointId) {
        if (committed.epoch() != epoch || committed.checkpointId() >= checkpointId) {
            return false;
        }
        database.onCommit(connection, () -> committed = new Progress(checkpointId, epoch));
        return true;
    }

    @Override
    public Progress read(Connection connection) {
        return committed;
    }

    @Override
    public String describe() {
        return "subtask 0 of sink 'orders' in job 'job'";
    }

    @Override
    public String name() {
        return "progress";
    }
}
