package io.sluice.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Sluice against Flink 2.3 itself on generated event-time cases: the same rows in the same order, the
 * same query; the changes each emits must be the same (compared as a multiset, since the order of
 * results fired by one watermark is Flink's timer order, which the input does not define), and a query
 * one refuses the other must refuse too. A difference Sluice means ({@link KnownDifference}) is counted,
 * not failed. {@code -Dsluice.flink-differential.cases=N} runs more cases,
 * {@code -Dsluice.flink-differential.seed=S} starts at another seed.
 */
class FlinkDifferentialTest {
    private static final int CASES = Integer.getInteger("sluice.flink-differential.cases", 200);
    private static final long FIRST_SEED = Long.getLong("sluice.flink-differential.seed", 1);
    /** Cases per Flink job: enough to spread a job's start, few enough for the MiniCluster's network buffers. */
    private static final int CASES_PER_JOB = 25;

    @Test
    void sluiceEmitsWhatFlinkEmits() throws Exception {
        List<String> mismatches = new ArrayList<>();
        Map<KnownDifference, Integer> known = new EnumMap<>(KnownDifference.class);
        List<Long> seeds = LongStream.range(FIRST_SEED, FIRST_SEED + CASES).boxed().toList();
        for (int from = 0; from < seeds.size(); from += CASES_PER_JOB) {
            List<EventTimeCase> cases = seeds.subList(from, Math.min(seeds.size(), from + CASES_PER_JOB)).stream()
                    .map(EventTimeCaseGenerator::generate).toList();
            Map<Integer, List<String>> flink = FlinkCaseRunner.run(cases);
            for (int i = 0; i < cases.size(); i++) {
                EventTimeCase c = cases.get(i);
                List<String> sluice = SluiceCaseRunner.run(c);
                if (agree(flink.get(i), sluice)) {
                    continue;
                }
                KnownDifference difference = KnownDifference.of(c, flink.get(i), sluice);
                if (difference != null) {
                    known.merge(difference, 1, Integer::sum);
                } else {
                    mismatches.add(report(c, flink.get(i), sluice));
                }
            }
        }
        System.out.printf("%d cases compared with Flink; known differences (docs/changelog.md): %s%n", CASES, known);
        assertThat(mismatches).as("%d of %d cases differ from Flink", mismatches.size(), CASES).isEmpty();
    }

    /** Both refuse, or both answer with the same changes. */
    private static boolean agree(List<String> flink, List<String> sluice) {
        boolean flinkRefused = !flink.isEmpty() && flink.get(0).startsWith("refused: ");
        boolean sluiceRefused = !sluice.isEmpty() && sluice.get(0).startsWith("refused: ");
        return flinkRefused && sluiceRefused
                || flinkRefused == sluiceRefused && KnownDifference.sorted(flink).equals(KnownDifference.sorted(sluice));
    }

    /** A difference's report: the seed, a script for each engine and both answers. */
    private static String report(EventTimeCase c, List<String> flink, List<String> sluice) {
        return "seed " + c.seed() + "\n--- Sluice script:\n" + c.sluiceScript() + "--- Flink script:\n"
                + c.flinkScript() + "--- Flink:\n" + String.join("\n", flink) + "\n--- Sluice:\n"
                + String.join("\n", sluice) + "\n";
    }
}
