package io.sluice.jdbc.internal;

import io.sluice.api.options.Secrets;

/** A JDBC URL as logs and error messages show it, and the part of it that selects a dialect. */
final class MaskedUrl {

    private MaskedUrl() {
    }

    /**
     * {@code url} with the passwords written in it replaced by {@code ******}: query parameters
     * ({@code ?user=a&password=b}, {@code ;password=b}) and user info ({@code //a:b@host}); null stays null.
     */
    public static String of(String url) {
        return url == null ? null : Secrets.maskPasswordsIn(url);
    }

    /** The scheme that selects a dialect, such as {@code jdbc:postgresql:}. */
    public static String scheme(String url) {
        int first = url.indexOf(':');
        int second = first < 0 ? -1 : url.indexOf(':', first + 1);
        return second < 0 ? url : url.substring(0, second + 1);
    }
}
