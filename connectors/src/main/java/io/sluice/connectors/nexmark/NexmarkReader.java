package io.sluice.connectors.nexmark;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.connectors.generator.EmitSchedule;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Generates one subtask's events: subtask {@code i} of {@code p} the events {@code i, i + p, ...}, in
 * event-time order. Its position is the number of events it emitted, from which the next event number
 * follows, so a restore generates the same events again.
 */
final class NexmarkReader implements SourceReader {
    private final NexmarkEvents events;
    private final long eventCount;
    private final int subtaskIndex;
    private final int parallelism;
    private final EmitSchedule schedule;
    private long position;

    NexmarkReader(NexmarkEvents events, long eventCount, int subtaskIndex, int parallelism, EmitSchedule schedule) {
        this.events = events;
        this.eventCount = eventCount;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.schedule = schedule;
    }

    @Override
    public Status pollNext(Consumer<Row> output) {
        long eventNumber = subtaskIndex + position * parallelism;
        if (eventNumber >= eventCount) {
            return Status.END_OF_INPUT;
        }
        if (schedule.ahead()) {
            return Status.NOTHING_AVAILABLE;
        }
        output.accept(events.event(eventNumber));
        position++;
        return Status.ROW_EMITTED;
    }

    @Override
    public Map<String, Long> position() {
        return Map.of(ROWS, position);
    }

    @Override
    public void seek(Map<String, Long> newPosition) {
        position = newPosition.getOrDefault(ROWS, 0L);
        schedule.restart();
    }
}
