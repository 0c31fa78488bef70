package io.sluice.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    @Test
    void delaysDoubleWithJitterUpToTheCap() {
        RetryPolicy policy = new RetryPolicy(10, Duration.ofMillis(100), Duration.ofMillis(1000), d -> { });
        for (int i = 0; i < 50; i++) {
            assertThat(policy.delay(1)).isBetween(Duration.ofMillis(50), Duration.ofMillis(100));
            assertThat(policy.delay(3)).isBetween(Duration.ofMillis(200), Duration.ofMillis(400));
            assertThat(policy.delay(40)).isBetween(Duration.ofMillis(500), Duration.ofMillis(1000));
        }
    }
}
