package io.sluice.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Sluice against Flink 2.3 itself on generated event-time cases: the same rows in the same order, the
 * same query; the changes each emits must be the same, in the same order where the input defines it,
 * else as a multiset (the order of results fired by one watermark is Flink's timer order), and a query
 * one refuses the other must refuse too. A difference Sluice means ({@link KnownDifference}) is counted,
 * not failed; any other is shrunk ({@link CaseShrinker}) and reported with a script for each engine.
 * {@code -Dsluice.flink-differential.cases=N} runs more cases, {@code -Dsluice.flink-differential.seed=S}
 * starts at another seed.
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
        int[] bothRefused = {0};
        List<EventTimeCase> cases = LongStream.range(FIRST_SEED, FIRST_SEED + CASES)
                .mapToObj(EventTimeCaseGenerator::generate).toList();
        compare(cases, (index, c, flink, sluice) -> {
            if (agree(c, flink, sluice)) {
                bothRefused[0] += KnownDifference.refused(sluice, "") ? 1 : 0;
                return true;
            }
            KnownDifference difference = KnownDifference.of(c, flink, sluice);
            if (difference != null) {
                known.merge(difference, 1, Integer::sum);
            } else {
                mismatches.add(report(CaseShrinker.shrink(c, FlinkDifferentialTest::firstUnexplained)));
            }
            return true;
        });
        System.out.printf("%d cases compared with Flink, %d refused by both; known differences (docs/changelog.md):"
                + " %s%n", CASES, bothRefused[0], known);
        assertThat(mismatches).as("%d of %d cases differ from Flink", mismatches.size(), CASES).isEmpty();
    }

    /** What to do with one case's answers; returns whether to go on with the next case. */
    @FunctionalInterface
    private interface Judge {
        boolean judge(int index, EventTimeCase c, List<String> flink, List<String> sluice) throws Exception;
    }

    /** Runs the cases on both engines, one Flink job for {@link #CASES_PER_JOB} of them, while the judge goes on. */
    private static void compare(List<EventTimeCase> cases, Judge judge) throws Exception {
        for (int from = 0; from < cases.size(); from += CASES_PER_JOB) {
            List<EventTimeCase> job = cases.subList(from, Math.min(cases.size(), from + CASES_PER_JOB));
            Map<Integer, List<String>> flink = FlinkCaseRunner.run(job);
            for (int i = 0; i < job.size(); i++) {
                if (!judge.judge(from + i, job.get(i), flink.get(i), SluiceCaseRunner.run(job.get(i)))) {
                    return;
                }
            }
        }
    }

    /** The first of the cases whose answers differ in a way no known difference explains, or -1. */
    private static int firstUnexplained(List<EventTimeCase> cases) throws Exception {
        int[] first = {-1};
        compare(cases, (index, c, flink, sluice) -> {
            boolean unexplained = !agree(c, flink, sluice) && KnownDifference.of(c, flink, sluice) == null;
            first[0] = unexplained ? index : -1;
            return !unexplained;
        });
        return first[0];
    }

    /**
     * Both refuse, or both answer with the same changes: as the case's comparison says, in order, as a
     * multiset or by the table they leave.
     */
    private static boolean agree(EventTimeCase c, List<String> flink, List<String> sluice) {
        boolean flinkRefused = KnownDifference.refused(flink, "");
        boolean sluiceRefused = KnownDifference.refused(sluice, "");
        if (flinkRefused || sluiceRefused) {
            return flinkRefused && sluiceRefused;
        }
        return switch (c.comparison()) {
            case IN_ORDER -> flink.equals(sluice);
            case AS_MULTISET -> KnownDifference.sorted(flink).equals(KnownDifference.sorted(sluice));
            case FINAL_TABLE -> finalTable(flink).equals(finalTable(sluice));
        };
    }

    /** The rows the changes leave, each with how many times it is there. */
    private static Map<String, Integer> finalTable(List<String> changes) {
        Map<String, Integer> rows = new HashMap<>();
        for (String change : changes) {
            boolean adds = change.startsWith("+");
            rows.merge(change.substring(2), adds ? 1 : -1, Integer::sum);
            rows.remove(change.substring(2), 0);
        }
        return rows;
    }

    /** A difference's report, of the case shrunk: the seed, a script for each engine and both answers. */
    private static String report(EventTimeCase shrunk) throws Exception {
        List<String> flink = FlinkCaseRunner.run(List.of(shrunk)).get(0);
        List<String> sluice = SluiceCaseRunner.run(shrunk);
        return "seed " + shrunk.seed() + ", shrunk\n--- Sluice script:\n" + shrunk.sluiceScript()
                + "--- Flink script:\n" + shrunk.flinkScript() + "--- Flink:\n" + String.join("\n", flink)
                + "\n--- Sluice:\n" + String.join("\n", sluice) + "\n";
    }
}
