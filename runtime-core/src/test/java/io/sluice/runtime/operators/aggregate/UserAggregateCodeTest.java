package io.sluice.runtime.operators.aggregate;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.functions.AggregateFunction;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.AggregateCall.UserAggregate;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A user-defined aggregate function in a group aggregation, its accumulators restored after every call. */
class UserAggregateCodeTest {

    /** The distinct words of a group, in the order they came, taking words back. */
    public static class Words extends AggregateFunction<String, Words.Seen> {
        public static class Seen implements Serializable {
            final List<String> words = new ArrayList<>();
        }

        @Override
        public Seen createAccumulator() {
            return new Seen();
        }

        @Override
        public String getValue(Seen seen) {
            return seen.words.isEmpty() ? null : String.join("+", seen.words);
        }

        public void accumulate(Seen seen, String word, int times) {
            for (int i = 0; i < times; i++) {
                seen.words.add(word);
            }
        }

        public void retract(Seen seen, String word, int times) {
            for (int i = 0; i < times; i++) {
                seen.words.remove(word);
            }
        }
    }

    @Test
    void accumulatorsSurviveCheckpointsAndRowsWithANullPrimitiveArgumentAreSkipped() throws Exception {
        UserAggregate user = new UserAggregate("words", Words.class.getCanonicalName(),
                Words.Seen.class.getCanonicalName(), List.of("java.lang.String", "int"), List.of(1, 2), true, false);
        AggregateCall call = new AggregateCall(AggFunction.USER, 1, false, true, LogicalType.string(),
                LogicalType.string(), "w", user);
        var aggregation = GroupAggOperatorTest.harness(AggregateNodes.groupAgg(new int[] {0}, call));

        aggregation.process(insert("k", "a", 2), insert("k", "b", null), insert("k", "c", 1), delete("k", "a", 1));

        assertThat(aggregation.takeOutput()).containsExactly("+I[k, a+a]", "-U[k, a+a]", "+U[k, a+a+c]",
                "-U[k, a+a+c]", "+U[k, a+c]");
    }
}
