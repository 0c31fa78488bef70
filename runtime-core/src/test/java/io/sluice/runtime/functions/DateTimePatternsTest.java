package io.sluice.runtime.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class DateTimePatternsTest {
    private static final LocalDateTime TS = LocalDateTime.of(2026, 3, 7, 14, 5, 9, 45_000_000);

    private static String format(String pattern) {
        return TS.format(DateTimePatterns.formatter(pattern));
    }

    @Test
    void simpleDateFormatLettersFormatAsThere() {
        assertThat(format("yyyy-MM-dd HH:mm:ss.SSS")).isEqualTo("2026-03-07 14:05:09.045");
        assertThat(format("yy/M/d h:mm a")).isEqualTo("26/3/7 2:05 PM");
        assertThat(format("EEEE, MMMM d")).isEqualTo("Saturday, March 7");
        assertThat(format("D u")).isEqualTo("66 6");
    }

    @Test
    void quotesAndOtherCharactersAreLiteral() {
        assertThat(format("'week' w, yyyy")).isEqualTo("week 10, 2026");
        assertThat(format("HH'h' ''mm''")).isEqualTo("14h '05'");
        assertThat(format("[yyyy]#{MM}")).isEqualTo("[2026]#{03}");
    }

    @Test
    void invalidPatternsFailNamingThePattern() {
        assertThatThrownBy(() -> DateTimePatterns.formatter("yyyy-nn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Date time pattern 'yyyy-nn' has the unknown letter 'n'");
        assertThatThrownBy(() -> DateTimePatterns.formatter("yyyy 'open"))
                .hasMessage("Date time pattern 'yyyy 'open' has an unterminated quote");
    }

    @Test
    void parsingDefaultsMissingFieldsToTheStartOfTheYearAndDay() {
        assertThat(DateTimePatterns.parse("2026", "yyyy")).isEqualTo(LocalDateTime.of(2026, 1, 1, 0, 0));
        assertThat(DateTimePatterns.parse(" 07.03.2026 14 ", "dd.MM.yyyy HH")).isEqualTo(LocalDateTime.of(2026, 3, 7, 14, 0));
        assertThat(DateTimePatterns.parse("2026-03-07 02:05 PM", "yyyy-MM-dd hh:mm a"))
                .isEqualTo(LocalDateTime.of(2026, 3, 7, 14, 5));
        assertThatThrownBy(() -> DateTimePatterns.parse("2026-02-30", "yyyy-MM-dd"))
                .isInstanceOf(DateTimeException.class);
    }
}
