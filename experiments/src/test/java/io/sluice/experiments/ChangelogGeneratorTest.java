package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangelogGeneratorTest {
    private final Changelog changelog = ChangelogGenerator.generate(1_000);

    @Test
    void startsWithTheKeyAndDeletesAndReinsertsItOncePerGroup() {
        assertThat(changelog.rows()).hasSize(1_000);
        assertThat(changelog.rows().get(0)).isEqualTo("+I[1001, 0, 0]");
        assertThat(changelog.rows().subList(4, 6)).containsExactly("-D[1001, 0, 0]", "+I[1001, 1, 5]");
        assertThat(changelog.rows().subList(14, 16)).containsExactly("-D[1001, 1, 5]", "+I[1001, 2, 15]");
        assertThat(changelog.pairStarts()).hasSize(100).allMatch(start -> start % 10 == 4);
        assertThat(changelog.finalValue()).isEqualTo(100);
    }

    @Test
    void inScenarioANoPairStraddlesAFlushAndInScenarioBEveryPairDoes() {
        assertThat(changelog.pairStarts())
                .allMatch(start -> ChangelogGenerator.withinOneFlush(start, Scenario.PAIR_IN_ONE_FLUSH.maxRows()))
                .noneMatch(start -> ChangelogGenerator.withinOneFlush(start, Scenario.FLUSH_PER_ROW.maxRows()));
    }

    @Test
    void aReaderBetweenFlushesOfScenarioANeverMissesTheKeyButDoesInScenarioB() {
        assertThat(presenceAfterEachFlush(Scenario.PAIR_IN_ONE_FLUSH.maxRows())).containsOnly(true);
        assertThat(presenceAfterEachFlush(Scenario.FLUSH_PER_ROW.maxRows())).contains(false).endsWith(true);
    }

    @Test
    void isConsistentSoNoOperatorHasAReasonToDropOrAddRows() {
        Map<String, Boolean> present = new HashMap<>();
        for (String row : changelog.rows()) {
            String key = key(row);
            boolean wasPresent = present.getOrDefault(key, false);
            switch (row.substring(0, 2)) {
                case "+I" -> assertThat(wasPresent).as(row).isFalse();
                case "+U", "-D" -> assertThat(wasPresent).as(row).isTrue();
                default -> throw new AssertionError("unexpected row " + row);
            }
            present.put(key, !row.startsWith("-D"));
        }
    }

    @Test
    void neverEndsWithTheKeyDeleted() {
        Changelog cutAfterADelete = ChangelogGenerator.generate(15);

        assertThat(cutAfterADelete.rows()).hasSize(15).last().asString().doesNotStartWith("-D");
        assertThat(cutAfterADelete.pairStarts()).containsExactly(4);
    }

    @Test
    void rejectsFewerChangesThanOneGroup() {
        assertThatThrownBy(() -> ChangelogGenerator.generate(9)).hasMessageContaining("at least 10 changes, got 9");
    }

    /** The key's presence in the table after each flush of {@code maxRows} rows, replaying the rows in order. */
    private List<Boolean> presenceAfterEachFlush(int maxRows) {
        List<Boolean> presence = new ArrayList<>();
        boolean present = false;
        for (int i = 0; i < changelog.rows().size(); i++) {
            String row = changelog.rows().get(i);
            if (key(row).equals("1001")) {
                present = !row.startsWith("-D");
            }
            if ((maxRows > 0 && (i + 1) % maxRows == 0) || i + 1 == changelog.rows().size()) {
                presence.add(present);
            }
        }
        return presence;
    }

    private static String key(String row) {
        return row.substring(3, row.indexOf(','));
    }
}
