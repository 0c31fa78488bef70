package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFingerprintTest {

    private static ExecPlan countInto(Map<String, String> sinkOptions) {
        ExecNode count = TestPlans.countPerWord(3, TestPlans.hash(2, TestPlans.source(1, "words"), 0));
        ExecNodes.Sink sink = TestPlans.sink(4, count, "counts");
        return JobRunTest.plan(Map.of(), new ExecNodes.Sink(sink.id(), sink.input(), sink.table(), sink.schema(),
                sinkOptions, sink.outputType(), sink.changelogMode()));
    }

    private static Map<String, String> jdbc(String url, String password, String maxRows) {
        return Map.of("connector", "jdbc", "url", url, "password", password, "sink.buffer-flush.max-rows", maxRows);
    }

    @Test
    void connectionAndTuningOptionsDoNotChangeWhatTheStateMeans() {
        PlanFingerprint before = PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://old-host/db", "secret-1", "100")));
        PlanFingerprint after = PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://new-host/db", "secret-2", "5000")));

        assertThat(after.matches(before.hash())).isTrue();
        assertThat(after.matches(PlanFingerprint.of(countInto(Map.of("connector", "print"))).hash())).isFalse();
    }

    /** A checkpoint written before options were left out carries the hash over all of them. */
    @Test
    void aCheckpointHashedOverEveryOptionStillMatchesTheSamePlan() {
        Map<String, String> options = jdbc("jdbc:postgresql://host/db", "secret-1", "100");
        PlanFingerprint fingerprint = PlanFingerprint.of(countInto(options));

        assertThat(fingerprint.matches(fingerprint.legacyHash())).isTrue();
        assertThat(PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://host/db", "secret-1", "200")))
                .legacyHash()).isNotEqualTo(fingerprint.legacyHash());
    }

    @Test
    void theDerivedJobIdTellsTargetsApartButNotPasswords() {
        String first = PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://host/db?password=p1", "secret-1", "100")))
                .jobIdentity();

        assertThat(PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://host/db?password=p2", "secret-2", "100")))
                .jobIdentity()).isEqualTo(first);
        assertThat(PlanFingerprint.of(countInto(jdbc("jdbc:postgresql://other/db?password=p1", "secret-1", "100")))
                .jobIdentity()).isNotEqualTo(first);
    }

    @Test
    void pipelineNamesThatDifferOnlyInPunctuationGetTwoJobIds() {
        assertThat(JobSetup.jobId("nightly-sums_v2.1")).isEqualTo("nightly-sums_v2.1");
        assertThat(JobSetup.jobId("rel a")).startsWith("rel_a-").hasSize("rel_a-".length() + 8)
                .isNotEqualTo(JobSetup.jobId("rel/a")).isEqualTo(JobSetup.jobId("rel a"));
    }

    @Test
    void aDifferentPlanNamesTheNodesThatDiffer() {
        PlanFingerprint written = PlanFingerprint.of(countInto(Map.of("connector", "jdbc")));
        PlanFingerprint now = PlanFingerprint.of(countInto(Map.of("connector", "print")));

        assertThat(now.differencesFrom(written.nodes())).singleElement().asString()
                .startsWith("checkpoint: Sink id=4 ").contains("options={connector=jdbc}")
                .contains("; this job: Sink id=4 ").contains("options={connector=print}");
    }
}
