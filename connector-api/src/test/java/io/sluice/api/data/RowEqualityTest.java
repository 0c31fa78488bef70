package io.sluice.api.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowEqualityTest {

    @Test
    void bytesNestedRowsAndMapsOfBytesCompareByContent() {
        Row left = Row.insert(new byte[] {1}, new Object[] {new byte[] {2}, "x"}, headers("trace", new byte[] {3}));
        Row right = Row.insert(new byte[] {1}, new Object[] {new byte[] {2}, "x"}, headers("trace", new byte[] {3}));
        assertThat(left).isEqualTo(right).hasSameHashCodeAs(right);
        assertThat(left).isNotEqualTo(Row.insert(new byte[] {1}, new Object[] {new byte[] {2}, "x"},
                headers("trace", new byte[] {4})));
        assertThat(left).isNotEqualTo(Row.insert(new byte[] {1}, new Object[] {new byte[] {2}, "x"},
                headers("span", new byte[] {3})));
        assertThat(left).isNotEqualTo(left.withKind(RowKind.DELETE));
    }

    @Test
    void aMissingKeyDiffersFromANullValue() {
        Map<String, byte[]> withNull = headers("a", null);
        assertThat(Row.insert(withNull)).isNotEqualTo(Row.insert(headers("b", null)));
        assertThat(Row.insert(withNull)).isEqualTo(Row.insert(headers("a", null)));
    }

    private static Map<String, byte[]> headers(String name, byte[] value) {
        Map<String, byte[]> headers = new LinkedHashMap<>();
        headers.put(name, value);
        return headers;
    }
}
