package io.sluice.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class CaseShrinkerTest {
    private static final LocalDateTime T = LocalDateTime.of(2024, 1, 1, 10, 0);

    private static EventTimeCase.Input row(String kind, String k, int v, int second) {
        return new EventTimeCase.Input(kind, k, v, T.plusSeconds(second));
    }

    private static EventTimeCase retracting(List<EventTimeCase.Input> rows, String query) {
        return new EventTimeCase(7, List.of(new EventTimeCase.Table("t", "v", EventTimeCase.Source.RETRACT, false,
                false, 1, rows)), query, EventTimeCase.Comparison.AS_MULTISET, false);
    }

    private static CaseShrinker.Check failingWhile(Predicate<EventTimeCase> fails) {
        return candidates -> {
            for (int i = 0; i < candidates.size(); i++) {
                if (fails.test(candidates.get(i))) {
                    return i;
                }
            }
            return -1;
        };
    }

    @Test
    void keepsOnlyTheRowsAndQueryPartsTheFailureNeeds() throws Exception {
        EventTimeCase failing = retracting(List.of(row("+I", "a", 1, 0), row("+I", "b", 7, 1), row("+I", "c", 2, 2),
                        row("-U", "a", 1, 0), row("+U", "a", 3, 3), row("-D", "c", 2, 2)),
                "SELECT k, COUNT(*) AS a0, MAX(v) AS a1, SUM(v) AS a2 FROM t GROUP BY k");

        EventTimeCase shrunk = CaseShrinker.shrink(failing, failingWhile(c -> c.query().contains("MAX(v)")
                && c.first().rows().stream().anyMatch(r -> r.v() == 7)));

        assertThat(shrunk.first().rows()).containsExactly(row("+I", "b", 7, 1));
        assertThat(shrunk.query()).isEqualTo("SELECT k, MAX(v) AS a1 FROM t GROUP BY k");
        assertThat(shrunk.seed()).isEqualTo(7);
    }

    @Test
    void neverLeavesARetractionOfARowThatIsNotThere() {
        EventTimeCase c = retracting(List.of(row("+I", "a", 1, 0), row("-U", "a", 1, 0), row("+U", "a", 3, 3),
                row("-D", "a", 3, 3)), "SELECT * FROM t");

        assertThat(CaseShrinker.rowRemovals(c)).extracting(r -> r.first().rows().size())
                .as("only the -D goes alone; +I and the -U/+U pair are needed by what follows")
                .containsExactly(3);
    }

    @Test
    void makesAnOuterJoinInner() {
        EventTimeCase c = retracting(List.of(), "SELECT * FROM t x LEFT JOIN u y ON x.k = y.k");

        assertThat(CaseShrinker.queryReductions(c)).extracting(EventTimeCase::query)
                .containsExactly("SELECT * FROM t x JOIN u y ON x.k = y.k");
    }
}
