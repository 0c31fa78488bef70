package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** String, regular-expression and encoding functions, each with values, NULL and edge cases. */
class StringFunctionCodeGenTest {
    private final SampleRow row = SampleRow.empty();

    private Object eval(String expression, String s) {
        return row.with("s", s).eval(expression);
    }

    @Test
    void replaceInitcapReverseRepeat() {
        assertThat(eval("REPLACE(s, 'ab', 'x')", "abcab")).isEqualTo("xcx");
        assertThat(eval("REPLACE(s, '', 'x')", "abc")).isEqualTo("abc");
        assertThat(eval("INITCAP(s)", "hello wORLD-foo 1st")).isEqualTo("Hello World-Foo 1st");
        assertThat(eval("REVERSE(s)", "abc")).isEqualTo("cba");
        assertThat(eval("REPEAT(s, 3)", "ab")).isEqualTo("ababab");
        assertThat(eval("REPEAT(s, -1)", "ab")).isEqualTo("");
        assertThat(eval("REPLACE(s, 'a', t2)", "abc")).isNull();
        assertThat(row.eval("INITCAP(s)")).isNull();
    }

    @Test
    void leftRightAndPadding() {
        assertThat(eval("LEFT(s, 2)", "abcd")).isEqualTo("ab");
        assertThat(eval("LEFT(s, -1)", "abcd")).isEqualTo("");
        assertThat(eval("RIGHT(s, 2)", "abcd")).isEqualTo("cd");
        assertThat(eval("RIGHT(s, 10)", "abcd")).isEqualTo("abcd");
        assertThat(eval("LPAD(s, 5, 'xy')", "ab")).isEqualTo("xyxab");
        assertThat(eval("RPAD(s, 5, 'xy')", "ab")).isEqualTo("abxyx");
        assertThat(eval("LPAD(s, 1, 'x')", "ab")).isEqualTo("a");
        assertThat(eval("RPAD(s, -1, 'x')", "ab")).isNull();
        assertThat(eval("LPAD(s, 4, '')", "ab")).isNull();
        assertThat(row.eval("LPAD(s, 4, 'x')")).isNull();
    }

    @Test
    void positionAndLocateAreOneBased() {
        assertThat(eval("POSITION('b' IN s)", "abcb")).isEqualTo(2);
        assertThat(eval("POSITION('z' IN s)", "abcb")).isEqualTo(0);
        assertThat(eval("LOCATE('b', s)", "abcb")).isEqualTo(2);
        assertThat(eval("LOCATE('b', s, 3)", "abcb")).isEqualTo(4);
        assertThat(eval("LOCATE('b', s, 0)", "abcb")).isEqualTo(0);
        assertThat(row.eval("LOCATE('b', s)")).isNull();
    }

    @Test
    void splitIndexCountsPiecesFromZero() {
        assertThat(eval("SPLIT_INDEX(s, ',', 1)", "a,b,,c")).isEqualTo("b");
        assertThat(eval("SPLIT_INDEX(s, ',', 2)", "a,b,,c")).isEqualTo("");
        assertThat(eval("SPLIT_INDEX(s, '--', 1)", "a--b")).isEqualTo("b");
        assertThat(eval("SPLIT_INDEX(s, ',', 4)", "a,b,,c")).isNull();
        assertThat(eval("SPLIT_INDEX(s, ',', -1)", "a,b")).isNull();
    }

    @Test
    void trimFunctionsRemoveBlanksOrTheGivenCharacters() {
        assertThat(eval("LTRIM(s)", "  a  ")).isEqualTo("a  ");
        assertThat(eval("RTRIM(s)", "  a  ")).isEqualTo("  a");
        assertThat(eval("BTRIM(s)", "  a  ")).isEqualTo("a");
        assertThat(eval("BTRIM(s, 'xy')", "xyaxx")).isEqualTo("a");
        assertThat(eval("LTRIM(s, 'x')", "xxax")).isEqualTo("ax");
        assertThat(row.eval("RTRIM(s)")).isNull();
    }

    @Test
    void asciiAndChr() {
        assertThat(eval("ASCII(s)", "abc")).isEqualTo(97);
        assertThat(eval("ASCII(s)", "")).isEqualTo(0);
        assertThat(row.with("i", 65).eval("CHR(i)")).isEqualTo("A");
        assertThat(row.with("i", 321).eval("CHR(i)")).isEqualTo("A");
        assertThat(row.with("i", -1).eval("CHR(i)")).isEqualTo("");
        assertThat(row.eval("CHR(i)")).isNull();
    }

    @Test
    void regularExpressions() {
        assertThat(eval("REGEXP(s, 'b+c')", "abbc")).isEqualTo(true);
        assertThat(eval("REGEXP(s, '^b')", "abbc")).isEqualTo(false);
        assertThat(eval("REGEXP_REPLACE(s, '[0-9]+', '#')", "a12b3")).isEqualTo("a#b#");
        assertThat(eval("REGEXP_REPLACE(s, '(a)(b)', '$2$1')", "abab")).isEqualTo("baba");
        assertThat(eval("REGEXP_EXTRACT(s, '([a-z]+)-([0-9]+)', 2)", "x foo-42 y")).isEqualTo("42");
        assertThat(eval("REGEXP_EXTRACT(s, '[0-9]+')", "x foo-42 y")).isEqualTo("42");
        assertThat(eval("REGEXP_EXTRACT(s, '([0-9]+)', 3)", "x foo-42 y")).isNull();
        assertThat(eval("REGEXP_EXTRACT(s, 'z')", "abc")).isNull();
        assertThat(row.eval("REGEXP(s, 'a')")).isNull();
    }

    @Test
    void aRegularExpressionThatDoesNotCompileGivesNull() {
        assertThat(row.with("s", "abc").with("t2", "(").eval("REGEXP_REPLACE(s, t2, 'x')")).isNull();
        assertThat(row.with("s", "abc").with("t2", "(").eval("REGEXP(s, t2)")).isEqualTo(false);
    }

    @Test
    void digestsAreLowerCaseHex() {
        assertThat(eval("SHA1(s)", "abc")).isEqualTo("a9993e364706816aba3e25717850c26c9cd0d89d");
        assertThat(eval("SHA256(s)", "abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(eval("SHA2(s, 224)", "abc")).isEqualTo("23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
        assertThat(eval("SHA2(s, 256)", "abc")).isEqualTo(eval("SHA256(s)", "abc"));
        assertThat(eval("MD5(s)", "abc")).isEqualTo("900150983cd24fb0d6963f7d28e17f72");
        assertThat(row.eval("SHA1(s)")).isNull();
    }

    @Test
    void sha2RejectsAnUnknownLength() {
        assertThatThrownBy(() -> row.with("s", "abc").with("i", 100).eval("SHA2(s, i)"))
                .hasMessageContaining("SHA2 supports hash lengths 224, 256, 384 and 512, not 100");
    }

    @Test
    void base64AndHex() {
        assertThat(eval("TO_BASE64(s)", "hello")).isEqualTo("aGVsbG8=");
        assertThat(eval("FROM_BASE64(s)", "aGVsbG8=")).isEqualTo("hello");
        assertThat(eval("HEX(s)", "hello,world")).isEqualTo("68656C6C6F2C776F726C64");
        assertThat(row.with("i", 100).eval("HEX(i)")).isEqualTo("64");
        assertThat(row.with("l", -1L).eval("HEX(l)")).isEqualTo("FFFFFFFFFFFFFFFF");
        assertThat(row.eval("FROM_BASE64(s)")).isNull();
        assertThatThrownBy(() -> eval("FROM_BASE64(s)", "not base64!"))
                .hasMessageContaining("FROM_BASE64: 'not base64!' is not Base64");
    }
}
