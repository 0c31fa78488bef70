package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class VariableSubstitutionTest {
    private final VariableSubstitution substitution = new VariableSubstitution(Map.of("URL", "jdbc:x://h/db"));

    @Test
    void replacesVariablesAndDefaults() throws Exception {
        ScriptStatement statement = new ScriptStatement("'${URL}' '${NAME:-t_1}' '${EMPTY:-}'", 3, 1);

        assertThat(substitution.apply(statement).text()).isEqualTo("'jdbc:x://h/db' 't_1' ''");
    }

    @Test
    void anUnsetVariableWithoutDefaultIsAnErrorNamingIt() {
        ScriptStatement statement = new ScriptStatement("SELECT 1\nFROM ${MISSING}", 5, 3);

        assertThatThrownBy(() -> substitution.apply(statement))
                .isInstanceOfSatisfying(ScriptSyntaxException.class, e -> {
                    assertThat(e.getMessage()).contains("${MISSING}");
                    assertThat(e.line()).isEqualTo(6);
                    assertThat(e.column()).isEqualTo(6);
                });
    }
}
