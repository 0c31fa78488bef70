package io.sluice.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FailureClassTest {

    @ParameterizedTest(name = "SQLState {0}, code {1} -> {2}")
    @CsvSource({
            "08006, 0, CONNECTION", "08S01, 0, CONNECTION", "57P01, 0, CONNECTION", "70100, 1927, CONNECTION",
            "40001, 0, CONFLICT", "40P01, 0, CONFLICT", "40001, 1213, CONFLICT", "HY000, 1205, CONFLICT",
            "22001, 0, DATA", "23505, 0, DATA", "23000, 1062, DATA", "22003, 0, DATA",
            "42P01, 0, OTHER", "42000, 1064, OTHER"})
    void classifiesBySqlStateAndVendorCode(String state, int code, FailureClass expected) {
        assertThat(FailureClass.of(new SQLException("failed", state, code))).isEqualTo(expected);
    }

    @Test
    void looksIntoNextExceptionsAndCauses() {
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 was aborted", null, 0, new int[0]);
        batch.setNextException(new SQLException("duplicate key value", "23505"));
        SQLException wrapped = new SQLException("write failed", new SQLException("terminating connection", "57P01"));

        assertThat(FailureClass.of(batch)).isEqualTo(FailureClass.DATA);
        assertThat(FailureClass.of(wrapped)).isEqualTo(FailureClass.CONNECTION);
    }

    @Test
    void fallsBackToTheExceptionType() {
        assertThat(FailureClass.of(new SQLRecoverableException("gone"))).isEqualTo(FailureClass.CONNECTION);
        assertThat(FailureClass.of(new SQLTransactionRollbackException("rolled back"))).isEqualTo(FailureClass.CONFLICT);
        assertThat(FailureClass.of(new SQLException("no state"))).isEqualTo(FailureClass.OTHER);
    }
}
