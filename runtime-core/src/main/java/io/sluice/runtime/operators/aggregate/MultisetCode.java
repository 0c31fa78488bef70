package io.sluice.runtime.operators.aggregate;

/** Source fragments for a multiset held as a map value -> count ({@code Long}), entries at 0 removed. */
final class MultisetCode {
    private MultisetCode() {
    }

    /** Statements adding {@code delta} (a long expression) to the count of {@code value}. */
    static String add(String map, String value, String delta) {
        return "{\nObject mv = " + value + ";\n"
                + "Long mc = (Long) " + map + ".get(mv);\n"
                + "long mn = (mc == null ? 0L : mc.longValue()) + " + delta + ";\n"
                + "if (mn == 0L) { " + map + ".remove(mv); } else { " + map + ".put(mv, Long.valueOf(mn)); }\n"
                + "}\n";
    }
}
