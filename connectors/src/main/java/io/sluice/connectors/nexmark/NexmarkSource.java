package io.sluice.connectors.nexmark;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.connectors.generator.EmitSchedule;

/** The source of a {@code nexmark} table: insert-only events, bounded when {@code events.num} is set. */
final class NexmarkSource implements ScanSource {
    private final NexmarkConfig config;
    private final long seed;
    private final long eventCount;
    private final boolean rateLimited;

    /** @param eventCount the number of events, or {@link Long#MAX_VALUE} for an endless stream */
    NexmarkSource(NexmarkConfig config, long seed, long eventCount, boolean rateLimited) {
        this.config = config;
        this.seed = seed;
        this.eventCount = eventCount;
        this.rateLimited = rateLimited;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public boolean isBounded() {
        return eventCount != Long.MAX_VALUE;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        double nanosPerEvent = rateLimited ? 1e9 * parallelism / config.eventsPerSecond() : 0;
        return new NexmarkReader(new NexmarkEvents(config, seed), eventCount, subtaskIndex, parallelism,
                new EmitSchedule(nanosPerEvent, System::nanoTime));
    }
}
