package io.sluice.planner.physical;

import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.List;

/** A TUMBLE ({@code slideMillis == sizeMillis}) or HOP window on the time field {@code timeIndex}. */
public record WindowSpec(WindowKind kind, int timeIndex, long sizeMillis, long slideMillis) {

    /** {@code TUMBLE(time_col=[ts], size=[5 min])} as in Flink's plans. */
    String describe(List<String> inputNames) {
        String text = kind + "(time_col=[" + inputNames.get(timeIndex) + "], size=[" + duration(sizeMillis) + "]";
        return kind == WindowKind.HOP ? text + ", slide=[" + duration(slideMillis) + "])" : text + ")";
    }

    private static String duration(long millis) {
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + " h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + " min";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
