package io.sluice.jdbc.dialect;

/**
 * Turns a URL that is not a JDBC URL, such as {@code embedded:postgres}, into a real connection
 * (starting whatever serves it). Registered in
 * {@code META-INF/services/io.sluice.jdbc.dialect.JdbcUrlResolver}.
 */
public interface JdbcUrlResolver {

    /** True for the URLs this resolver serves. */
    boolean accepts(String url);

    /** The real JDBC URL and credentials; starts the server on first use, once per process. */
    ResolvedUrl resolve(String url);

    /** Where to connect. {@code password} is never logged. */
    record ResolvedUrl(String jdbcUrl, String username, String password) {
        @Override
        public String toString() {
            return "ResolvedUrl[" + jdbcUrl + ", user=" + username + "]";
        }
    }
}
