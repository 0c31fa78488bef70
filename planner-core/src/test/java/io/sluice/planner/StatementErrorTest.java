package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.api.options.Secrets;
import io.sluice.api.options.ValidationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Errors name what is wrong and where in the statement (line and column). */
class StatementErrorTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    private SqlStatementException error(String statement) {
        return catchThrowableOfType(SqlStatementException.class, () -> tables.env.executeSql(statement));
    }

    @Test
    void unknownColumn() {
        SqlStatementException e = error("SELECT word,\n  nope FROM words");
        assertThat(e).hasMessageContaining("Column 'nope' not found");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(3);
    }

    @Test
    void subqueriesAreRefusedWithWhatToWriteInstead() {
        for (String query : new String[] {"SELECT word FROM words WHERE word IN (SELECT word FROM words)",
            "SELECT word FROM words w WHERE EXISTS (SELECT 1 FROM words v WHERE v.word = w.word)",
            "SELECT word, (SELECT COUNT(*) FROM words) FROM words"}) {
            SqlStatementException e = error(query);
            assertThat(e).as(query).hasMessage("Subqueries (IN (SELECT ...), EXISTS (...), a scalar (SELECT ...)) "
                    + "are not supported; write them as a JOIN");
            assertThat(e.column()).isEqualTo(1);
        }
    }

    @Test
    void unknownTable() {
        SqlStatementException e = error("SELECT * FROM missing");
        assertThat(e).hasMessageContaining("Object 'missing' not found");
        assertThat(e.column()).isEqualTo(15);
    }

    /** The message may echo the password; every output of Sluice masks what the statement registered. */
    @Test
    void aPasswordMissingItsEqualsSignIsRegisteredBeforeTheErrorEchoesIt() {
        SqlStatementException e = error("CREATE TABLE t (a INT) WITH ('connector' = 'jdbc', 'password' 'Pa55-Parse-xyz')");
        assertThat(e).hasMessageStartingWith("Expected '='");
        assertThat(Secrets.mask(e.getMessage())).doesNotContain("Pa55-Parse-xyz").contains("******");
    }

    @Test
    void aPasswordInAUrlUserInfoIsRegistered() {
        error("CREATE TABLE t (a INT) WITH ('url' = 'jdbc:mysql://u:UrlPass-Parse@h:1/db', oops)");
        assertThat(Secrets.mask("Incorrect port value : UrlPass-Parse@h")).doesNotContain("UrlPass-Parse");
    }

    @Test
    void aMisspelledSetKeyFailsWithTheClosestKnownKeyAtTheKey() {
        SqlStatementException e = error("SET\n  'table.exec.mini-batch.enabeld' = 'true'");
        assertThat(e).hasMessage("Unknown option 'table.exec.mini-batch.enabeld'; did you mean "
                + "'table.exec.mini-batch.enabled'? SET lists the options set in this session; docs/sql.md lists them all");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(3);
    }

    @Test
    void aSetValueOfTheWrongTypeFailsAtTheValue() {
        SqlStatementException e = error("SET 'parallelism.default' = 'two'");
        assertThat(e).hasMessageContaining("'parallelism.default'").hasMessageContaining("two");
        assertThat(e.column()).isEqualTo(29);
    }

    @Test
    void runtimeOptionsAreKnownToSet() {
        tables.env.executeSql("SET 'execution.checkpointing.interval' = '1 s'");
        tables.env.executeSql("SET 'restart-strategy.fixed-delay.attempts' = '2'");
    }

    @Test
    void aSessionStartedWithAnUnknownOptionFails() {
        assertThatThrownBy(() -> TableEnvironment.create(new java.util.HashMap<>(Map.of("paralellism.default", "2"))))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Unknown option 'paralellism.default'; did you mean 'parallelism.default'?");
    }

    @Test
    void unknownFunction() {
        SqlStatementException e = error("SELECT NO_SUCH_FN(word) FROM words");
        assertThat(e).hasMessageContaining("NO_SUCH_FN");
        assertThat(e.column()).isEqualTo(8);
    }

    @Test
    void insertTargetPositionedAtItsName() {
        SqlStatementException e = error("INSERT INTO\n missing SELECT word FROM words");
        assertThat(e).hasMessageContaining("'missing' not found");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(2);
    }

    @Test
    void unknownDataTypeInCreateTable() {
        SqlStatementException e = error("CREATE TABLE t (a INT, b TEXT) WITH ('connector' = 'values')");
        assertThat(e).hasMessageStartingWith("Unknown data type 'TEXT'");
        assertThat(e.column()).isEqualTo(26);
    }

    @Test
    void primaryKeyMustBeNotEnforced() {
        assertThat(error("CREATE TABLE t (a INT, PRIMARY KEY (a)) WITH ('connector' = 'values')"))
                .hasMessageContaining("NOT ENFORCED");
    }

    @Test
    void unknownOnConflictAction() {
        SqlStatementException e = error("INSERT INTO bh SELECT word, 1 FROM words ON CONFLICT DO REPLACE");
        assertThat(e).hasMessageContaining("Unknown ON CONFLICT action 'REPLACE'");
        assertThat(e.column()).isEqualTo(57);
    }

    @Test
    void tableOptionsAreValidatedWhenTheTableIsUsed() {
        tables.env.executeSql("CREATE TABLE bad (a INT) WITH ('connector' = 'values', 'nope' = 'x')");
        SqlStatementException e = error("SELECT a\nFROM bad");
        assertThat(e).hasMessageContaining("unknown option 'nope'").hasMessageContaining("bad");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(6);
    }

    @Test
    void unknownConnectorNamesTheTable() {
        tables.env.executeSql("CREATE TABLE odd (a INT) WITH ('connector' = 'kafka')");
        assertThat(error("SELECT a FROM odd")).hasMessageContaining("no connector 'kafka'")
                .hasMessageContaining("odd");
    }

    @Test
    void statementCatalogCommands() {
        tables.env.executeSql("CREATE VIEW counted AS SELECT word, COUNT(*) AS cnt FROM words GROUP BY word");
        assertThat(tables.run("SHOW TABLES")).isEqualTo("bh\ncounted\norders\nwords\n");
        assertThat(tables.run("DESCRIBE orders")).startsWith("order_id BIGINT NOT NULL\nstoreId INT\n")
                .contains("PRIMARY KEY (order_id) NOT ENFORCED");
        assertThat(tables.run("EXPLAIN SELECT cnt FROM counted")).contains("GroupAggregate(groupBy=[word]");
        tables.env.executeSql("DROP VIEW counted");
        assertThat(error("DROP TABLE counted")).hasMessageContaining("does not exist");
        tables.env.executeSql("DROP TABLE IF EXISTS counted");
    }

    @Test
    void sinkErrorsPointAtTheSinkTable() {
        tables.env.executeSql("CREATE TABLE appended (word STRING, cnt BIGINT) WITH ('connector' = 'print', "
                + "'changelog-mode' = 'insert-only')");
        SqlStatementException e = error("INSERT INTO\n  appended SELECT word, COUNT(*) FROM words GROUP BY word");
        assertThat(e).hasMessageContaining("Table sink 'default_catalog.default_database.appended' doesn't support "
                + "consuming update changes");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(3);
    }

    @Test
    void errorsInsideAViewPointAtTheViewName() {
        tables.env.executeSql("CREATE TABLE gone (a INT) WITH ('connector' = 'values', 'rows' = '+I[1]')");
        tables.env.executeSql("CREATE VIEW over_gone AS SELECT a FROM gone");
        tables.env.executeSql("DROP TABLE gone");
        SqlStatementException e = error("SELECT *\nFROM  over_gone");
        assertThat(e).hasMessage("In view 'over_gone': Object 'gone' not found");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(7);
        assertThat(error("DESCRIBE over_gone").column()).isEqualTo(10);
    }

    @Test
    void viewColumnNamesAreCheckedAndDescribed() {
        SqlStatementException e = error("CREATE VIEW two (a) AS SELECT word, word FROM words");
        assertThat(e).hasMessage("View 'two' declares 1 column names but its query has 2 columns");
        assertThat(e.column()).isEqualTo(13);
        tables.env.executeSql("CREATE VIEW renamed (w, n) AS SELECT word, COUNT(*) FROM words GROUP BY word");
        assertThat(tables.run("DESCRIBE renamed")).isEqualTo("w STRING\nn BIGINT NOT NULL\n");
    }
}
