package io.sluice.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MaskedUrlTest {

    @Test
    void masksPasswordsInParametersAndUserInfo() {
        assertThat(MaskedUrl.of("jdbc:mysql://h:3306/test?user=root&password=s3cret&useSSL=false"))
                .isEqualTo("jdbc:mysql://h:3306/test?user=root&password=******&useSSL=false");
        assertThat(MaskedUrl.of("jdbc:sqlserver://h;user=sa;password=s3cret"))
                .isEqualTo("jdbc:sqlserver://h;user=sa;password=******");
        assertThat(MaskedUrl.of("jdbc:mysql://root:s3cret@h/test")).isEqualTo("jdbc:mysql://root:******@h/test");
        assertThat(MaskedUrl.of("jdbc:postgresql://h/test?sslpassword=s3cret")).doesNotContain("s3cret");
        assertThat(MaskedUrl.of("jdbc:postgresql://h:5432/test")).isEqualTo("jdbc:postgresql://h:5432/test");
    }

    @Test
    void theSchemeIsTheFirstTwoParts() {
        assertThat(MaskedUrl.scheme("jdbc:postgresql://h/test")).isEqualTo("jdbc:postgresql:");
        assertThat(MaskedUrl.scheme("embedded")).isEqualTo("embedded");
    }
}
