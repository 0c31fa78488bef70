package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KeyObserverTest {

    static List<DatabaseTarget> databases() {
        return List.of(LocalDatabases.postgres(), LocalDatabases.mariadb());
    }

    @ParameterizedTest
    @MethodSource("databases")
    void recordsTheKeysValueAndTheHighestCommittedSequenceInTimeOrder(DatabaseTarget database) throws Exception {
        ExperimentTable.recreate(database);
        List<Observation> observations;
        try (Connection writer = database.connect(); Statement statement = writer.createStatement();
             KeyObserver observer = KeyObserver.start(database.connect(), ExperimentTable.pollQuery())) {
            statement.execute("INSERT INTO flush_boundary VALUES (7, 70, 3), (1001, 42, 2)");
            observations = observer.stop();
        }

        assertThat(observations.get(observations.size() - 1)).extracting(Observation::value, Observation::committedSeq)
                .containsExactly(42L, 3L);
        assertThat(observations).extracting(Observation::timeMicros).isSorted();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void seesTheKeyAbsentOnAnEmptyTable(DatabaseTarget database) throws Exception {
        ExperimentTable.recreate(database);
        try (KeyObserver observer = KeyObserver.start(database.connect(), ExperimentTable.pollQuery())) {
            assertThat(observer.stop()).isNotEmpty().allSatisfy(observation -> {
                assertThat(observation.present()).isFalse();
                assertThat(observation.committedSeq()).isEqualTo(-1);
            });
        }
    }
}
