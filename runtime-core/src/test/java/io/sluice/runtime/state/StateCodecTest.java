package io.sluice.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StateCodecTest {

    record Window(long start, long end) implements Comparable<Window> {
        @Override
        public int compareTo(Window other) {
            return Long.compare(start, other.start);
        }
    }

    record Snapshot(TreeMap<Window, LinkedHashMap<Object, Object[]>> windows, long watermark, RowKind kind) {
    }

    /** A class with final fields and no no-argument constructor, as operator state classes are. */
    static final class Entry {
        private final Row row;
        private final long time;
        private transient int cached = 7;

        Entry(Row row, long time) {
            this.row = row;
            this.time = time;
        }
    }

    @Test
    void everyValueOfARowComesBackEqualAndOfItsClass() throws IOException {
        Object[] fields = {null, true, (byte) -1, (short) 300, 42, 7L, 1.5f, 2.25, 'x', "ünï ✓",
                new BigDecimal("-12345678901234567890.123456"), new BigInteger("123456789012345678901234567890"),
                LocalDate.of(1999, 12, 31), LocalTime.parse("23:59:59.123456789"),
                LocalDateTime.parse("2024-02-29T12:34:56.123456"), Instant.parse("2024-03-31T01:30:00.654321Z"),
                Duration.ofMillis(1500), new byte[] {0, -1, 127}, new Object[] {1, "nested"}};
        Row row = Row.of(RowKind.UPDATE_AFTER, fields);

        Row read = (Row) roundTrip(row);

        assertThat(read.kind()).isEqualTo(RowKind.UPDATE_AFTER);
        assertThat(read.fields()).usingRecursiveComparison().isEqualTo(fields);
        for (int i = 1; i < fields.length; i++) {
            assertThat(read.fields()[i]).as("field %d", i).isExactlyInstanceOf(fields[i].getClass());
        }
    }

    @Test
    void recordsClassesCollectionsAndArraysKeepTheirShapeAndOrder() throws IOException {
        TreeMap<Window, LinkedHashMap<Object, Object[]>> windows = new TreeMap<>();
        LinkedHashMap<Object, Object[]> groups = new LinkedHashMap<>();
        groups.put(List.of("b", 2), new Object[] {3L, new BigDecimal("1.50")});
        groups.put(List.of("a", 1), new Object[] {1L, null});
        windows.put(new Window(10, 20), groups);
        windows.put(new Window(0, 10), new LinkedHashMap<>());
        HashMap<Object, Object> state = new HashMap<>();
        state.put("snapshot", new Snapshot(windows, 99L, RowKind.DELETE));
        state.put("entries", new ArrayList<>(List.of(new Entry(Row.insert("k", 1L), 5L))));
        state.put("queue", new ArrayDeque<>(List.of(1L, 2L)));
        state.put("set", new LinkedHashSet<>(List.of("z", "a")));
        state.put("positions", new long[] {3, 4});
        state.put("rows", new Row[] {Row.insert(1), Row.insert(2)});

        @SuppressWarnings("unchecked")
        HashMap<Object, Object> read = (HashMap<Object, Object>) roundTrip(state);

        Snapshot snapshot = (Snapshot) read.get("snapshot");
        assertThat(snapshot.watermark()).isEqualTo(99L);
        assertThat(snapshot.kind()).isEqualTo(RowKind.DELETE);
        assertThat(snapshot.windows()).isExactlyInstanceOf(TreeMap.class).containsOnlyKeys(new Window(0, 10), new Window(10, 20));
        assertThat(snapshot.windows().firstKey()).isEqualTo(new Window(0, 10));
        LinkedHashMap<Object, Object[]> readGroups = snapshot.windows().get(new Window(10, 20));
        assertThat(readGroups.keySet()).containsExactly(List.of("b", 2), List.of("a", 1));
        assertThat(readGroups.get(List.of("b", 2))).containsExactly(3L, new BigDecimal("1.50"));
        Entry entry = (Entry) ((ArrayList<?>) read.get("entries")).get(0);
        assertThat(entry.row).isEqualTo(Row.insert("k", 1L));
        assertThat(entry.time).isEqualTo(5L);
        assertThat(entry.cached).as("transient: not written, not initialized").isZero();
        assertThat(read.get("queue")).isExactlyInstanceOf(ArrayDeque.class);
        assertThat(new ArrayList<Object>((LinkedHashSet<?>) read.get("set"))).containsExactly("z", "a");
        assertThat((long[]) read.get("positions")).containsExactly(3, 4);
        assertThat(read.get("rows")).isExactlyInstanceOf(Row[].class);
    }

    @Test
    void anObjectReachedTwiceComesBackOnceAndUnmodifiableListsComeBackModifiable() throws IOException {
        Row shared = Row.insert("x", 1);
        List<Object> state = new ArrayList<>(List.of(shared, List.of(shared), Map.of("k", shared)));

        List<?> read = (List<?>) roundTrip(state);

        assertThat(((List<?>) read.get(1)).get(0)).isSameAs(read.get(0));
        assertThat(((Map<?, ?>) read.get(2)).get("k")).isSameAs(read.get(0));
        assertThat(read.get(1)).isExactlyInstanceOf(ArrayList.class);
    }

    @Test
    void whatCannotBeWrittenIsNamed() {
        TreeMap<String, Integer> reversed = new TreeMap<>(Comparator.reverseOrder());
        assertThatThrownBy(() -> roundTrip(reversed)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("State of class java.util.TreeMap cannot be written in a checkpoint: a sorted map with a "
                        + "comparator");
        assertThatThrownBy(() -> roundTrip(new java.util.concurrent.atomic.AtomicLong()))
                .hasMessageContaining("java.util.concurrent.atomic.AtomicLong cannot be written");
    }

    @Test
    void aFieldAddedOrRemovedLaterIsToleratedAndAMissingClassIsNamed() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StateCodec.write(new Window(1, 2), new DataOutputStream(bytes));
        byte[] written = bytes.toByteArray();
        String renamed = new String(written, java.nio.charset.StandardCharsets.ISO_8859_1)
                .replace("StateCodecTest$Window", "StateCodecTest$Gone!!");

        assertThatThrownBy(() -> StateCodec.read(new DataInputStream(new ByteArrayInputStream(
                renamed.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))), getClass().getClassLoader()))
                .isInstanceOf(IOException.class)
                .hasMessage("Checkpoint state needs class io.sluice.runtime.state.StateCodecTest$Gone!!, which is not "
                        + "on the class path");
    }

    private static Object roundTrip(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StateCodec.write(value, new DataOutputStream(bytes));
        return StateCodec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())),
                StateCodecTest.class.getClassLoader());
    }
}
