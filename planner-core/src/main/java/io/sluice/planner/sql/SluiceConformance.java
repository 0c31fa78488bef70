package io.sluice.planner.sql;

import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/** Calcite's default SQL, with {@code a % b} for {@code MOD(a, b)}, which Flink's SQL accepts too. */
final class SluiceConformance extends SqlDelegatingConformance {
    static final SluiceConformance INSTANCE = new SluiceConformance();

    private SluiceConformance() {
        super(SqlConformanceEnum.DEFAULT);
    }

    @Override
    public boolean isPercentRemainderAllowed() {
        return true;
    }
}
