package io.sluice.api.options;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void theValueOfASecretOptionIsMaskedWhereverItAppears() {
        Secrets.registerOption("password", "Opt-Secret-1");
        Secrets.registerOption("properties.sasl.jaas.config", "Jaas-Secret-2");

        assertThat(Secrets.mask("Access denied for 'Opt-Secret-1' and Jaas-Secret-2"))
                .isEqualTo("Access denied for '******' and ******");
    }

    @Test
    void passwordsInsideUrlsAreRegisteredWhateverTheOptionIsCalled() {
        Secrets.registerOption("url", "jdbc:mysql://user:UserInfo-Secret-3@db:3306/x");
        Secrets.registerOption("url", "jdbc:mariadb://db/x?user=u;password=Semicolon-Secret-4&ssl=true");
        Secrets.registerOption("url", "jdbc:sqlserver://db;user=sa;password=Property-Secret-5");

        assertThat(Secrets.mask("Incorrect port value : UserInfo-Secret-3@db"))
                .isEqualTo("Incorrect port value : ******@db");
        assertThat(Secrets.mask("Access denied for user 'u;password=Semicolon-Secret-4'"))
                .isEqualTo("Access denied for user 'u;password=******'");
        assertThat(Secrets.mask("login failed: Property-Secret-5")).isEqualTo("login failed: ******");
    }

    @Test
    void otherOptionsAndVeryShortValuesStayVisible() {
        Secrets.registerOption("table-name", "orders_visible");
        Secrets.registerOption("password", "abc");

        assertThat(Secrets.mask("table orders_visible, abc")).isEqualTo("table orders_visible, abc");
    }

    @Test
    void passwordsWrittenInAUrlAreMaskedEvenUnregistered() {
        assertThat(Secrets.maskPasswordsIn("jdbc:mysql://h:3306/test?user=root&password=s3cret&useSSL=false"))
                .isEqualTo("jdbc:mysql://h:3306/test?user=root&password=******&useSSL=false");
        assertThat(Secrets.maskPasswordsIn("jdbc:sqlserver://h;user=sa;password=s3cret"))
                .isEqualTo("jdbc:sqlserver://h;user=sa;password=******");
        assertThat(Secrets.maskPasswordsIn("jdbc:mysql://root:s3cret@h/test")).isEqualTo("jdbc:mysql://root:******@h/test");
        assertThat(Secrets.maskPasswordsIn("password=s3cret")).isEqualTo("password=******");
        assertThat(Secrets.maskPasswordsIn("jdbc:postgresql://h:5432/test")).isEqualTo("jdbc:postgresql://h:5432/test");
    }

    @Test
    void keysThatNameSecrets() {
        assertThat(Secrets.isSecretKey("password")).isTrue();
        assertThat(Secrets.isSecretKey("properties.ssl.keystore.password")).isTrue();
        assertThat(Secrets.isSecretKey("SECRET_KEY")).isTrue();
        assertThat(Secrets.isSecretKey("username")).isFalse();
        assertThat(Secrets.isSecretKey("url")).isFalse();
    }
}
