package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.functions.ScalarFunction;
import org.junit.jupiter.api.Test;

/** CREATE FUNCTION with Java scalar functions: calls, overloads, NULL, SHOW and DROP, and the errors. */
class UserFunctionTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    public static class Twice extends ScalarFunction {
        public long eval(long value) {
            return value * 2;
        }
    }

    public static class Describe extends ScalarFunction {
        public String eval(Integer value) {
            return value == null ? "no number" : "number " + value;
        }

        public String eval(String value) {
            return value == null ? null : "text " + value;
        }
    }

    public static class NoEval extends ScalarFunction {
        public long apply(long value) {
            return value;
        }
    }

    private void numbers() {
        tables.env.executeSql("CREATE TABLE numbers (n INT, s STRING) WITH ('connector' = 'values', "
                + "'rows' = '+I[1, a]\n+I[null, null]\n+I[21, b]')");
    }

    @Test
    void aFunctionIsCalledWithEveryRowAndANullForAPrimitiveParameterIsNull() {
        numbers();
        tables.env.executeSql("CREATE FUNCTION twice AS '" + Twice.class.getName() + "'");
        assertThat(tables.run("SELECT n, TWICE(n) + 1, twice(n * 10) FROM numbers")).isEqualTo("""
                +I[1, 3, 20]
                +I[null, null, null]
                +I[21, 43, 420]
                """);
    }

    @Test
    void theOverloadFollowsTheArgumentTypeAndObjectParametersReceiveNull() {
        numbers();
        tables.env.executeSql("CREATE TEMPORARY FUNCTION describe_it AS '" + Describe.class.getName() + "'");
        assertThat(tables.run("SELECT describe_it(n), describe_it(s) FROM numbers")).isEqualTo("""
                +I[number 1, text a]
                +I[no number, null]
                +I[number 21, text b]
                """);
        assertThatThrownBy(() -> tables.run("SELECT describe_it(TRUE) FROM numbers"))
                .hasMessageContaining("Cannot apply 'describe_it' to arguments of type 'describe_it(<BOOLEAN>)'")
                .hasMessageContaining("describe_it(Integer)");
    }

    @Test
    void showAndDropFunctions() {
        tables.env.executeSql("CREATE FUNCTION twice AS '" + Twice.class.getName() + "'");
        tables.env.executeSql("CREATE FUNCTION IF NOT EXISTS twice AS '" + Describe.class.getName() + "'");
        assertThat(tables.run("SHOW USER FUNCTIONS")).isEqualTo("twice\n");
        assertThat(tables.run("SHOW FUNCTIONS")).startsWith("twice\n").contains("\nUPPER\n");
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION twice AS '" + Twice.class.getName() + "'"))
                .hasMessage("Function 'twice' already exists");
        tables.env.executeSql("DROP FUNCTION twice");
        assertThat(tables.run("SHOW USER FUNCTIONS")).isEmpty();
        tables.env.executeSql("DROP TEMPORARY FUNCTION IF EXISTS twice");
        assertThatThrownBy(() -> tables.env.executeSql("DROP FUNCTION twice"))
                .hasMessage("Function 'twice' does not exist");
    }

    @Test
    void aClassThatCannotBeUsedIsRefusedAtItsName() {
        SqlStatementException missing = (SqlStatementException) org.assertj.core.api.Assertions.catchThrowable(
                () -> tables.env.executeSql("CREATE FUNCTION f AS 'com.example.Missing'"));
        assertThat(missing).hasMessageStartingWith("Function 'f': class 'com.example.Missing' cannot be loaded")
                .hasMessageEndingWith("ADD JAR its jar first, or put the jar on SLUICE_CLASSPATH");
        assertThat(missing.column()).isEqualTo(22);
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION f AS 'java.lang.String'"))
                .hasMessage("Function 'f': class 'java.lang.String' does not extend " + ScalarFunction.class.getName()
                        + ", io.sluice.api.functions.TableFunction or io.sluice.api.functions.AggregateFunction");
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION f AS '" + NoEval.class.getName() + "'"))
                .hasMessageContaining("has no public eval method");
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION upper AS '" + Twice.class.getName() + "'"))
                .hasMessage("Function 'upper' is a built-in function; choose another name");
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION f AS 'x' LANGUAGE PYTHON"))
                .hasMessage("Functions are written in Java: LANGUAGE PYTHON is not supported");
    }
}
