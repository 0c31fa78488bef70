package io.sluice.planner.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PlanStatementParserTest {

    @Test
    void compilePlanForAnInsertOrAStatementSet() {
        Statement.CompilePlan insert = (Statement.CompilePlan) StatementParser.parse(
                "COMPILE PLAN 'plans/q.json' FOR INSERT INTO t SELECT * FROM s");
        assertThat(insert.path()).isEqualTo("plans/q.json");
        assertThat(insert.pathOffset()).isEqualTo(13);
        assertThat(insert.execute()).isFalse();
        assertThat(insert.compiled()).isInstanceOf(Statement.Insert.class);

        Statement.CompilePlan set = (Statement.CompilePlan) StatementParser.parse("COMPILE AND EXECUTE PLAN 'q.json' FOR "
                + "EXECUTE STATEMENT SET BEGIN INSERT INTO t SELECT * FROM s; INSERT INTO u SELECT * FROM s; END");
        assertThat(set.execute()).isTrue();
        assertThat(((Statement.StatementSet) set.compiled()).inserts()).hasSize(2);
    }

    @Test
    void executePlanAndExecuteStatementSetStayApart() {
        assertThat(StatementParser.parse("EXECUTE PLAN 'q.json'")).isEqualTo(new Statement.ExecutePlan("q.json", 13));
        assertThat(StatementParser.parse("EXECUTE STATEMENT SET BEGIN INSERT INTO t SELECT * FROM s; END"))
                .isInstanceOf(Statement.StatementSet.class);
    }

    @Test
    void aPlanIsCompiledForAJobOnly() {
        assertThatThrownBy(() -> StatementParser.parse("COMPILE PLAN 'q.json' FOR SELECT * FROM s"))
                .isInstanceOf(StatementSyntaxException.class)
                .hasMessageContaining("INSERT INTO or EXECUTE STATEMENT SET (a plan is compiled for a job)");
        assertThatThrownBy(() -> StatementParser.parse("EXECUTE PLAN q.json"))
                .isInstanceOf(StatementSyntaxException.class).hasMessageContaining("the plan file's path");
    }
}
