package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EmbeddedServerTest {

    private final AtomicInteger starts = new AtomicInteger();

    @Test
    void startsOnceAndHandsOutTheSameUrl() {
        ResolvedUrl url = new ResolvedUrl("jdbc:test://localhost:1/sluice", "me", "secret");
        EmbeddedServer server = new EmbeddedServer("TestDB", launcher(() -> url));

        assertThat(server.url()).isSameAs(url);
        assertThat(server.url()).isSameAs(url);
        assertThat(starts).hasValue(1);
    }

    @Test
    void failedStartSaysWhatFailedAndWhereToLookAndIsNotRetried() {
        EmbeddedServer server = new EmbeddedServer("TestDB", launcher(() -> {
            throw new IOException("port in use");
        }));

        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(server::url)
                    .isInstanceOf(EmbeddedDatabaseException.class)
                    .hasMessage("Could not start embedded TestDB: port in use. Logs are in /var/log/testdb")
                    .hasRootCauseInstanceOf(IOException.class);
        }
        assertThat(starts).hasValue(1);
    }

    private interface UrlSource {
        ResolvedUrl get() throws Exception;
    }

    private EmbeddedServer.Launcher launcher(UrlSource source) {
        return new EmbeddedServer.Launcher() {
            @Override
            public EmbeddedServer.Started start() throws Exception {
                starts.incrementAndGet();
                return new EmbeddedServer.Started(source.get(), () -> { });
            }

            @Override
            public String whereToLook() {
                return "Logs are in /var/log/testdb";
            }
        };
    }
}
