package io.sluice.jdbc.internal;

import java.util.regex.Pattern;

/**
 * A JDBC URL with any password in it replaced by {@code ******}, for logs and error messages. Covers
 * query parameters ({@code ?user=a&password=b}, {@code ;password=b}) and user info ({@code //a:b@host}).
 */
public final class MaskedUrl {
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("([?&;]\\s*[\\w.-]*password\\s*=)[^&;]*", Pattern.CASE_INSENSITIVE);
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?;]*:)[^/@?;]*@");

    private MaskedUrl() {
    }

    /** {@code url} with its passwords masked; null stays null. */
    public static String of(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD_PARAMETER.matcher(url).replaceAll("$1******");
        return USER_INFO.matcher(masked).replaceAll("$1******@");
    }

    /** The scheme that selects a dialect, such as {@code jdbc:postgresql:}. */
    public static String scheme(String url) {
        int first = url.indexOf(':');
        int second = first < 0 ? -1 : url.indexOf(':', first + 1);
        return second < 0 ? url : url.substring(0, second + 1);
    }
}
