package io.sluice.examples.functions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CountCharTest {
    private final CountChar countChar = new CountChar();

    @Test
    void countsTheFirstCharacterOfItsSecondArgument() {
        assertThat(countChar.eval("accept", "c")).isEqualTo(2);
        assertThat(countChar.eval("accept", "cx")).isEqualTo(2);
        assertThat(countChar.eval("", "c")).isZero();
    }

    @Test
    void nullTextOrNoCharacterCountsNothing() {
        assertThat(countChar.eval(null, "c")).isZero();
        assertThat(countChar.eval("abc", "")).isZero();
        assertThat(countChar.eval("abc", null)).isZero();
    }
}
