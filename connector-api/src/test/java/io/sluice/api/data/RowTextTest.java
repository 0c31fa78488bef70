package io.sluice.api.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RowTextTest {
    private static final List<LogicalType> EVERY_TYPE = List.of(
            LogicalType.booleanType(), LogicalType.tinyint(), LogicalType.smallint(), LogicalType.intType(),
            LogicalType.bigint(), LogicalType.floatType(), LogicalType.doubleType(), LogicalType.decimal(12, 4),
            LogicalType.charType(3), LogicalType.varchar(10), LogicalType.string(), LogicalType.date(),
            LogicalType.time(3), LogicalType.timestamp(6), LogicalType.timestampLtz(3), LogicalType.bytes());

    private static Row everyTypeRow(RowKind kind) {
        return Row.of(kind, true, (byte) -8, (short) 300, 70000, 9_000_000_000L, 1.5f, -2.25e-3,
                new BigDecimal("30.0000"), "abc", "héllo", "a b", LocalDate.of(2026, 10, 12),
                LocalTime.of(13, 5, 7, 123_000_000), LocalDateTime.of(2026, 10, 12, 0, 0),
                Instant.parse("2026-10-12T00:00:00Z"), new byte[] {1, -2});
    }

    @Test
    void formatsEveryTypeAsFlinkPrintsIt() {
        assertThat(RowText.format(everyTypeRow(RowKind.INSERT))).isEqualTo("+I[true, -8, 300, 70000, 9000000000, 1.5, "
                + "-0.00225, 30.0000, abc, héllo, a b, 2026-10-12, 13:05:07.123, 2026-10-12T00:00, "
                + "2026-10-12T00:00:00Z, [1, -2]]");
        assertThat(Row.of(RowKind.DELETE, null, "x").toString()).isEqualTo("-D[null, x]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"})
    void everyTypeRoundTripsForEveryKind(RowKind kind) {
        Row row = everyTypeRow(kind);
        String text = RowText.format(row);
        assertThat(text).startsWith(kind.shortString() + "[");
        assertThat(RowText.parse(text, EVERY_TYPE)).isEqualTo(row);
    }

    @Test
    void nullsRoundTripInEveryType() {
        Row row = new Row(RowKind.INSERT, new Object[EVERY_TYPE.size()]);
        String text = RowText.format(row);
        assertThat(text).isEqualTo("+I[" + String.join(", ", java.util.Collections.nCopies(EVERY_TYPE.size(), "null"))
                + "]");
        assertThat(RowText.parse(text, EVERY_TYPE)).isEqualTo(row);
    }

    @Test
    void nullIsRejectedForNotNullColumn() {
        assertThatThrownBy(() -> RowText.parse("+I[null]", List.of(LogicalType.bigint().notNull()), List.of("id")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Field 1 'id': null is not allowed for BIGINT NOT NULL");
    }

    @Test
    void decimalsTakeTheColumnScale() {
        List<LogicalType> types = List.of(LogicalType.decimal(12, 4), LogicalType.decimal(38, 0));
        Row row = RowText.parse("+I[30, 1E+3]", types);
        assertThat(row.field(0)).isEqualTo(new BigDecimal("30.0000"));
        assertThat(RowText.format(row)).isEqualTo("+I[30.0000, 1000]");
        assertThat(RowText.format(Row.insert(new BigDecimal("0E-10")))).isEqualTo("+I[0.0000000000]");
    }

    @Test
    void decimalsThatLoseDigitsOrExceedPrecisionAreRejected() {
        List<LogicalType> types = List.of(LogicalType.decimal(5, 2));
        assertThatThrownBy(() -> RowText.parse("+I[1.234]", types, List.of("amount")))
                .hasMessage("Field 1 'amount': '1.234' is not a valid DECIMAL(5, 2) "
                        + "(more than 2 digit(s) after the decimal point)");
        assertThatThrownBy(() -> RowText.parse("+I[1234]", types))
                .hasMessage("Field 1: '1234' is not a valid DECIMAL(5, 2) (more than 3 digit(s) before the decimal point)");
        assertThat(RowText.parse("+I[-999.990]", types).field(0)).isEqualTo(new BigDecimal("-999.99"));
    }

    @Test
    void timestampsTakeTOrSpaceAndAnyFractionCutToThePrecision() {
        List<LogicalType> types = List.of(LogicalType.timestamp(3), LogicalType.timestamp(9), LogicalType.time(0));
        Row row = RowText.parse("+I[2026-10-12 08:30:05.123456789, 2026-10-12T08:30:05.123456789, 08:30:05.9]", types);
        assertThat(row.fields()).containsExactly(LocalDateTime.of(2026, 10, 12, 8, 30, 5, 123_000_000),
                LocalDateTime.of(2026, 10, 12, 8, 30, 5, 123_456_789), LocalTime.of(8, 30, 5));
        assertThat(RowText.format(row)).isEqualTo("+I[2026-10-12T08:30:05.123, 2026-10-12T08:30:05.123456789, 08:30:05]");
    }

    /**
     * The plain form is read digit by digit; every other form, and every bad value, by the formatter,
     * which is strict: February 30 is an error, not February 28.
     */
    @Test
    void everyTimestampFormReadsTheSameAndBadOnesAreExplained() {
        List<LogicalType> types = List.of(LogicalType.timestamp(9));
        assertThat(RowText.parse("+I[2026-01-01 00:00:10.5]", types).field(0))
                .isEqualTo(LocalDateTime.of(2026, 1, 1, 0, 0, 10, 500_000_000));
        assertThat(RowText.parse("+I[2026-01-01 00:00:10]", types).field(0))
                .isEqualTo(LocalDateTime.of(2026, 1, 1, 0, 0, 10));
        assertThat(RowText.parse("+I[2026-01-01 23:59]", types).field(0))
                .isEqualTo(LocalDateTime.of(2026, 1, 1, 23, 59));
        assertThat(RowText.parse("+I[ 2026-01-01T23:59:59.000000001 ]", types).field(0))
                .isEqualTo(LocalDateTime.of(2026, 1, 1, 23, 59, 59, 1));
        assertThatThrownBy(() -> RowText.parse("+I[2026-02-30 00:00:00]", types))
                .hasMessageStartingWith("Field 1: '2026-02-30 00:00:00' is not a valid TIMESTAMP(9)");
        assertThatThrownBy(() -> RowText.parse("+I[2026-01-01 24:00:00]", types))
                .hasMessageStartingWith("Field 1: '2026-01-01 24:00:00' is not a valid TIMESTAMP(9)");
        assertThatThrownBy(() -> RowText.parse("+I[2026-01-01 00:00:0x]", types))
                .hasMessageStartingWith("Field 1: '2026-01-01 00:00:0x' is not a valid TIMESTAMP(9)");
    }

    @Test
    void timestampLtzTakesZOrAnOffset() {
        List<LogicalType> types = List.of(LogicalType.timestampLtz(6), LogicalType.timestampLtz(6),
                LogicalType.timestampLtz(0));
        Row row = RowText.parse("+I[2026-10-12T02:00+02:00, 2026-10-12 00:00:00.5Z, 2026-10-12T00:00:00.9-01:30]", types);
        assertThat(row.fields()).containsExactly(Instant.parse("2026-10-12T00:00:00Z"),
                Instant.parse("2026-10-12T00:00:00.5Z"), Instant.parse("2026-10-12T01:30:00Z"));
        assertThatThrownBy(() -> RowText.parse("+I[2026-10-12T00:00]", List.of(LogicalType.timestampLtz(3))))
                .hasMessageStartingWith("Field 1: '2026-10-12T00:00' is not a valid TIMESTAMP_LTZ(3)");
    }

    @Test
    void quotedStringsHoldCommasBracketsSpacesAndTheWordNull() {
        List<LogicalType> types = List.of(LogicalType.string(), LogicalType.string(), LogicalType.string(),
                LogicalType.string(), LogicalType.string(), LogicalType.string());
        Row row = RowText.parse("+I[\"a, b\", \"null\", \"say \\\"hi\\\" [x]\", \" lead\", null, \"\"]", types);
        assertThat(row.fields()).containsExactly("a, b", "null", "say \"hi\" [x]", " lead", null, "");
    }

    @Test
    void unquotedStringsKeepTheirSpacesBeyondTheSeparator() {
        List<LogicalType> types = List.of(LogicalType.string(), LogicalType.string());
        assertThat(RowText.parse("+I[ a,  b ]", types).fields()).containsExactly(" a", " b ");
        assertThat(RowText.parse("+U[x]y, 01]", types).fields()).containsExactly("x]y", "01");
    }

    @Test
    void malformedQuotesAreRejected() {
        List<LogicalType> types = List.of(LogicalType.string(), LogicalType.intType());
        assertThatThrownBy(() -> RowText.parse("+I[\"abc, 1]", types))
                .hasMessage("Row '+I[\"abc, 1]' has an unterminated quoted string");
        assertThatThrownBy(() -> RowText.parse("+I[\"a\"b, 1]", types))
                .hasMessageContaining("text after the quoted string \"a\"");
    }

    @Test
    void bytesTakeDecimalListsOrHex() {
        List<LogicalType> types = List.of(LogicalType.bytes(), LogicalType.bytes(), LogicalType.bytes());
        Row row = RowText.parse("+I[[1, -2], x'01FE', []]", types);
        assertThat(row).isEqualTo(Row.insert(new byte[] {1, -2}, new byte[] {1, -2}, new byte[0]));
        assertThatThrownBy(() -> RowText.parse("+I[[1, 300], x'', []]", types))
                .hasMessageStartingWith("Field 1: '[1, 300]' is not a valid BYTES");
    }

    @Test
    void emptyRowsAndEmptyStrings() {
        assertThat(RowText.parse("+I[]", List.of())).isEqualTo(Row.insert());
        assertThat(RowText.parse("+I[]", List.of(LogicalType.string()))).isEqualTo(Row.insert(""));
        assertThat(RowText.format(Row.insert(""))).isEqualTo("+I[]");
    }

    @Test
    void wrongArityNamesBothCounts() {
        assertThatThrownBy(() -> RowText.parse("+I[a]", List.of(LogicalType.string(), LogicalType.intType()),
                List.of("word", "cnt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Row '+I[a]' has 1 field(s) but 2 are expected [word, cnt]");
    }

    @Test
    void unparsableValuesNameFieldColumnValueAndType() {
        List<LogicalType> types = List.of(LogicalType.string(), LogicalType.intType());
        assertThatThrownBy(() -> RowText.parse("+I[a, 1x]", types, List.of("word", "cnt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Field 2 'cnt': '1x' is not a valid INT");
        assertThatThrownBy(() -> RowText.parse("+I[yes]", List.of(LogicalType.booleanType())))
                .hasMessage("Field 1: 'yes' is not a valid BOOLEAN (expected true or false)");
        assertThatThrownBy(() -> RowText.parse("+I[2026-13-01]", List.of(LogicalType.date())))
                .hasMessageStartingWith("Field 1: '2026-13-01' is not a valid DATE");
    }

    @Test
    void stringsLongerThanTheTypeAreRejected() {
        assertThat(RowText.parse("+I[abc]", List.of(LogicalType.charType(3))).field(0)).isEqualTo("abc");
        assertThatThrownBy(() -> RowText.parse("+I[abcd]", List.of(LogicalType.varchar(3)), List.of("code")))
                .hasMessage("Field 1 'code': 'abcd' is not a valid VARCHAR(3) (4 characters, at most 3 allowed)");
    }

    @Test
    void rowsWithoutKindOrBracketsAreRejected() {
        List<LogicalType> types = List.of(LogicalType.string());
        assertThatThrownBy(() -> RowText.parse("a, b", types)).hasMessage("'a, b' is not a row such as +I[a, 1]");
        assertThatThrownBy(() -> RowText.parse("*X[a]", types)).hasMessageStartingWith("Unknown row kind '*X'");
    }
}
