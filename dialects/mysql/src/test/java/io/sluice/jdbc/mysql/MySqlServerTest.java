package io.sluice.jdbc.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MySqlServerTest {

    @Test
    void mariaDbSeenThroughEitherDriverHasNoRowAlias() {
        MySqlServer viaMySqlDriver = MySqlServer.parse("MySQL", "5.5.5-10.11.6-MariaDB-0+deb12u1");
        MySqlServer viaMariaDbDriver = MySqlServer.parse("MariaDB", "10.11.6-MariaDB-0+deb12u1");
        assertThat(viaMySqlDriver).isEqualTo(new MySqlServer(true, 10, 11, 6));
        assertThat(viaMariaDbDriver).isEqualTo(new MySqlServer(true, 10, 11, 6));
        assertThat(viaMySqlDriver.supportsRowAlias()).isFalse();
    }

    @Test
    void rowAliasFromMySql8019On() {
        assertThat(MySqlServer.parse("MySQL", "8.0.18").supportsRowAlias()).isFalse();
        assertThat(MySqlServer.parse("MySQL", "8.0.19").supportsRowAlias()).isTrue();
        assertThat(MySqlServer.parse("MySQL", "8.4.2-commercial").supportsRowAlias()).isTrue();
        assertThat(MySqlServer.parse("MySQL", "5.7.44-log").supportsRowAlias()).isFalse();
    }
}
