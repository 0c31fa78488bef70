package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptSplitterTest {

    @Test
    void splitsAtSemicolonsOutsideLiteralsAndComments() throws Exception {
        List<ScriptStatement> statements = ScriptSplitter.split("""
                -- a comment; not a statement
                CREATE TABLE t (a STRING) WITH ('rows' = '+I[x;y]
                +I[z]');
                SELECT a /* ; */ FROM t;
                """);

        assertThat(statements).extracting(ScriptStatement::text).containsExactly(
                "CREATE TABLE t (a STRING) WITH ('rows' = '+I[x;y]\n+I[z]')",
                "SELECT a /* ; */ FROM t");
        assertThat(statements).extracting(ScriptStatement::line).containsExactly(2, 4);
        assertThat(statements).extracting(ScriptStatement::column).containsExactly(1, 1);
    }

    @Test
    void keepsAStatementSetTogether() throws Exception {
        List<ScriptStatement> statements = ScriptSplitter.split("""
                EXECUTE STATEMENT SET BEGIN
                  INSERT INTO a SELECT * FROM s;
                  INSERT INTO b SELECT * FROM s;
                END;
                SELECT 1;""");

        assertThat(statements).hasSize(2);
        assertThat(statements.get(0).text()).startsWith("EXECUTE STATEMENT SET BEGIN").endsWith("END");
        assertThat(statements.get(1).text()).isEqualTo("SELECT 1");
        assertThat(statements.get(1).line()).isEqualTo(5);
    }

    @Test
    void keepsAStatementSetTogetherWhenItsPlanIsCompiled() throws Exception {
        List<ScriptStatement> statements = ScriptSplitter.split("""
                COMPILE AND EXECUTE PLAN 'plans/it''s.json' FOR EXECUTE STATEMENT SET BEGIN
                  INSERT INTO a SELECT * FROM s;
                  INSERT INTO b SELECT * FROM s;
                END;
                COMPILE PLAN 'p.json' FOR EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT * FROM s; END;
                SELECT 1;""");

        assertThat(statements).extracting(ScriptStatement::line).containsExactly(1, 5, 6);
        assertThat(statements.get(0).text()).endsWith("INSERT INTO b SELECT * FROM s;\nEND");
        assertThat(statements.get(1).text()).endsWith("END");
    }

    @Test
    void positionsCountFromTheFirstTokenAfterCommentsAndBlanks() throws Exception {
        List<ScriptStatement> statements = ScriptSplitter.split("SET 'a' = '1';   -- trailing\n\n   SELECT x");

        assertThat(statements.get(1).line()).isEqualTo(3);
        assertThat(statements.get(1).column()).isEqualTo(4);
        assertThat(statements.get(1).toScriptPosition(1, 8)).hasToString("line 3, column 11");
        assertThat(statements.get(1).toScriptPosition(2, 5)).hasToString("line 4, column 5");
    }

    @Test
    void doubledQuotesStayInsideTheLiteral() throws Exception {
        assertThat(ScriptSplitter.split("SELECT 'it''s; fine'; SELECT 2"))
                .extracting(ScriptStatement::text).containsExactly("SELECT 'it''s; fine'", "SELECT 2");
    }

    @Test
    void anUnterminatedLiteralNamesWhereItStarts() {
        assertThatThrownBy(() -> ScriptSplitter.split("SELECT 1;\nSELECT 'abc;\nSELECT 3;"))
                .isInstanceOfSatisfying(ScriptSyntaxException.class, e -> {
                    assertThat(e.getMessage()).contains("Unterminated string literal");
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(8);
                });
    }
}
