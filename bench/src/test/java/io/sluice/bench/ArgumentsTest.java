package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

    @Test
    void readsSettingsOptionsAndFlags() {
        Arguments arguments = new Arguments(List.of("changes=1_000_000", "--db", "postgres", "--profile"),
                Set.of("changes", "keys"), Set.of("db"), Set.of("profile"));

        assertThat(arguments.integer("changes", 1)).isEqualTo(1_000_000);
        assertThat(arguments.integer("keys", 7)).isEqualTo(7);
        assertThat(arguments.text("db", "all")).isEqualTo("postgres");
        assertThat(arguments.flag("profile")).isTrue();
    }

    @Test
    void namesTheArgumentItDoesNotKnow() {
        assertThatThrownBy(() -> new Arguments(List.of("rows=5"), Set.of("changes"), Set.of("db"), Set.of()))
                .hasMessage("Unknown argument 'rows=5'; expected one of --db VALUE, changes=N");
        assertThatThrownBy(() -> new Arguments(List.of("changes=many"), Set.of("changes"), Set.of(), Set.of())
                .integer("changes", 1)).hasMessage("Argument 'changes=many' is not a whole number");
    }
}
