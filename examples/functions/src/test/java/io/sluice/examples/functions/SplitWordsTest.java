package io.sluice.examples.functions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SplitWordsTest {
    private final List<Row> rows = new ArrayList<>();
    private final SplitWords split = new SplitWords();

    SplitWordsTest() {
        split.setCollector(rows::add);
    }

    @Test
    void eachWordWithItsPosition() {
        split.eval("  to be\tor ");
        assertThat(rows).containsExactly(Row.insert("to", 0), Row.insert("be", 1), Row.insert("or", 2));
    }

    @Test
    void anEmptyOrNullTextHasNoWords() {
        split.eval("   ");
        split.eval(null);
        assertThat(rows).isEmpty();
    }
}
