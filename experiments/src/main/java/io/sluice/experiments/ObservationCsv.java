package io.sluice.experiments;

import java.util.List;
import java.util.Locale;

/** Observations as CSV: {@code timestamp_ms,present,value,committed_seq}, times with microseconds. */
final class ObservationCsv {
    static final String HEADER = "timestamp_ms,present,value,committed_seq";

    private ObservationCsv() {
    }

    static String format(List<Observation> observations) {
        StringBuilder csv = new StringBuilder(HEADER.length() + 40 * observations.size()).append(HEADER).append('\n');
        for (Observation observation : observations) {
            csv.append(String.format(Locale.ROOT, "%d.%03d,%b,%s,%d\n", observation.timeMicros() / 1000,
                    observation.timeMicros() % 1000, observation.present(),
                    observation.present() ? observation.value() : "", observation.committedSeq()));
        }
        return csv.toString();
    }
}
