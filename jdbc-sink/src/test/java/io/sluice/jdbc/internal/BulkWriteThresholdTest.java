package io.sluice.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.jdbc.dialect.TableWriter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkWriteThresholdTest {
    private final List<String> calls = new ArrayList<>();
    private final TableWriter recording = new TableWriter() {
        @Override
        public WriteStats upsert(Connection connection, List<Object[]> rows) {
            return called("upsert", rows);
        }

        @Override
        public WriteStats bulkUpsert(Connection connection, List<Object[]> rows) {
            return called("bulkUpsert", rows);
        }

        @Override
        public WriteStats delete(Connection connection, List<Object[]> rows) {
            return called("delete", rows);
        }

        @Override
        public WriteStats insert(Connection connection, List<Object[]> rows) {
            return called("insert", rows);
        }

        @Override
        public String strategy() {
            return "recording";
        }
    };

    private TableWriter.WriteStats called(String method, List<Object[]> rows) {
        calls.add(method + " " + rows.size());
        return TableWriter.WriteStats.NONE;
    }

    @Test
    void upsertsFromTheThresholdUpTakeTheBulkPath() throws Exception {
        TableWriter writer = BulkWriteThreshold.of(recording, 1000);
        writer.upsert(null, rows(999));
        writer.upsert(null, rows(1000));
        writer.delete(null, rows(999));
        writer.delete(null, rows(5000));
        writer.insert(null, rows(5000));

        assertThat(calls).containsExactly("upsert 999", "bulkUpsert 1000", "delete 999", "delete 5000",
                "insert 5000");
        assertThat(writer.strategy()).isEqualTo("recording, bulk from 1000 rows");
    }

    @Test
    void zeroMeansNeverBulk() {
        assertThat(BulkWriteThreshold.of(recording, 0)).isSameAs(recording);
    }

    private static List<Object[]> rows(int count) {
        return Collections.nCopies(count, new Object[0]);
    }
}
