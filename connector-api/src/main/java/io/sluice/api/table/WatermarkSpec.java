package io.sluice.api.table;

import java.util.Objects;

/**
 * {@code WATERMARK FOR rowtimeColumn AS expression}: the expression is kept as SQL text; the planner
 * compiles it.
 */
public record WatermarkSpec(String rowtimeColumn, String expressionSql) {
    public WatermarkSpec {
        Objects.requireNonNull(rowtimeColumn, "rowtimeColumn");
        Objects.requireNonNull(expressionSql, "expressionSql");
    }
}
