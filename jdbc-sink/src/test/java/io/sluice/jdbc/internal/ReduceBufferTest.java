package io.sluice.jdbc.internal;

import static io.sluice.api.data.RowKind.DELETE;
import static io.sluice.api.data.RowKind.INSERT;
import static io.sluice.api.data.RowKind.UPDATE_AFTER;
import static io.sluice.api.data.RowKind.UPDATE_BEFORE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReduceBufferTest {

    @Test
    void keepsTheLastChangeOfEachKeyInFirstArrivalOrder() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0});
        buffer.add(Row.of(INSERT, 2L, "b"));
        buffer.add(Row.of(INSERT, 1L, "a"));
        buffer.add(Row.of(UPDATE_AFTER, 2L, "b2"));
        buffer.add(Row.of(DELETE, 3L, "c"));

        ChangeBatch batch = buffer.batch();

        assertThat(batch.upserts()).map(Arrays::asList).containsExactly(List.of(2L, "b2"), List.of(1L, "a"));
        assertThat(batch.deletes()).map(Arrays::asList).containsExactly(List.of(3L, "c"));
        assertThat(batch.inserts()).isEmpty();
        assertThat(buffer.rowsReceived()).isEqualTo(4);
        assertThat(buffer.rowsReduced()).isEqualTo(1);
        assertThat(buffer.size()).isEqualTo(3);
    }

    @Test
    void updateBeforeDeletesByKey() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0});
        buffer.add(Row.of(UPDATE_BEFORE, 1L, "old"));

        assertThat(buffer.batch().deletes()).map(Arrays::asList).containsExactly(List.of(1L, "old"));
    }

    @Test
    void compositeKeysReduceOnlyWhenEveryKeyFieldMatches() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0, 1});
        buffer.add(Row.of(INSERT, 7, 1001L, "a"));
        buffer.add(Row.of(INSERT, 8, 1001L, "b"));
        buffer.add(Row.of(DELETE, 7, 1001L, "a"));

        ChangeBatch batch = buffer.batch();

        assertThat(batch.upserts()).map(Arrays::asList).containsExactly(List.of(8, 1001L, "b"));
        assertThat(batch.deletes()).map(Arrays::asList).containsExactly(List.of(7, 1001L, "a"));
        assertThat(buffer.rowsReduced()).isEqualTo(1);
    }

    @Test
    void binaryKeysCompareByContent() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0});
        buffer.add(Row.of(INSERT, new byte[] {1, 2}, "a"));
        buffer.add(Row.of(UPDATE_AFTER, new byte[] {1, 2}, "b"));

        assertThat(buffer.size()).isEqualTo(1);
        assertThat(buffer.batch().upserts().get(0)[1]).isEqualTo("b");
    }

    @Test
    void copiesRowsOnEntrySoThatReusingTheInputChangesNothing() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0});
        byte[] payload = {1};
        Row reused = Row.of(INSERT, 1L, payload);
        buffer.add(reused);
        reused.setField(0, 2L);
        payload[0] = 9;
        reused.setKind(DELETE);

        ChangeBatch batch = buffer.batch();

        assertThat(batch.upserts()).hasSize(1);
        assertThat(batch.upserts().get(0)[0]).isEqualTo(1L);
        assertThat((byte[]) batch.upserts().get(0)[1]).containsExactly(1);
        assertThat(batch.deletes()).isEmpty();
    }

    @Test
    void clearEmptiesTheBufferButKeepsTheCounts() {
        ReduceBuffer buffer = new ReduceBuffer(new int[] {0});
        buffer.add(Row.of(INSERT, 1L, "a"));
        buffer.add(Row.of(DELETE, 1L, "a"));
        buffer.clear();

        assertThat(buffer.isEmpty()).isTrue();
        assertThat(buffer.batch().size()).isZero();
        assertThat(buffer.rowsReceived()).isEqualTo(2);
        assertThat(buffer.rowsReduced()).isEqualTo(1);
    }

    @Test
    void appendBufferKeepsEveryInsertInOrderAndRejectsOtherKinds() {
        AppendBuffer buffer = new AppendBuffer("JDBC table 'log'");
        buffer.add(Row.of(INSERT, 1L, "a"));
        buffer.add(Row.of(INSERT, 1L, "a"));

        assertThat(buffer.batch().inserts()).hasSize(2);
        assertThatThrownBy(() -> buffer.add(Row.of(DELETE, 1L, "a")))
                .hasMessageContaining("JDBC table 'log'")
                .hasMessageContaining("-D[")
                .hasMessageContaining("please declare primary key for sink table");
    }
}
