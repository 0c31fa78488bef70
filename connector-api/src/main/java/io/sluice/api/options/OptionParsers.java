package io.sluice.api.options;

import java.time.Duration;
import java.util.Locale;

/** Parsers for the text of typed options. */
final class OptionParsers {
    private OptionParsers() {
    }

    static boolean parseBoolean(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("true")) {
            return true;
        }
        if (value.equals("false")) {
            return false;
        }
        throw new IllegalArgumentException("not true or false");
    }

    static Duration parseDuration(String text) {
        AmountWithUnit parsed = AmountWithUnit.parse(text);
        long amount = parsed.amount();
        String unit = parsed.unit();
        return switch (unit) {
            case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(amount);
            case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(amount);
            case "min", "m", "minute", "minutes" -> Duration.ofMinutes(amount);
            case "h", "hour", "hours" -> Duration.ofHours(amount);
            case "d", "day", "days" -> Duration.ofDays(amount);
            default -> throw new IllegalArgumentException("unknown time unit '" + unit + "'");
        };
    }

    static long parseMemorySize(String text) {
        AmountWithUnit parsed = AmountWithUnit.parse(text);
        long amount = parsed.amount();
        String unit = parsed.unit();
        long factor = switch (unit) {
            case "", "b", "bytes" -> 1L;
            case "k", "kb", "kib" -> 1L << 10;
            case "m", "mb", "mib" -> 1L << 20;
            case "g", "gb", "gib" -> 1L << 30;
            default -> throw new IllegalArgumentException("unknown size unit '" + unit + "'");
        };
        return Math.multiplyExact(amount, factor);
    }

    /** The values as written in options: {@code [all, upsert, insert-only]} for ALL, UPSERT, INSERT_ONLY. */
    static <E extends Enum<E>> String enumValues(Class<E> type) {
        return java.util.Arrays.stream(type.getEnumConstants())
                .map(constant -> constant.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .toList().toString();
    }

    static <E extends Enum<E>> E parseEnum(Class<E> type, String text) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(text.trim().replace('-', '_'))) {
                return constant;
            }
        }
        throw new IllegalArgumentException("unknown value '" + text.trim() + "'");
    }

    /** A number followed by an optional unit, such as {@code 500 ms} or {@code 64mb}. */
    private record AmountWithUnit(long amount, String unit) {
        static AmountWithUnit parse(String text) {
            String value = text.trim().toLowerCase(Locale.ROOT);
            int split = 0;
            while (split < value.length() && Character.isDigit(value.charAt(split))) {
                split++;
            }
            if (split == 0) {
                throw new IllegalArgumentException("no number");
            }
            return new AmountWithUnit(Long.parseLong(value.substring(0, split)), value.substring(split).trim());
        }
    }
}
