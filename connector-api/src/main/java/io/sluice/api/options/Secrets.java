package io.sluice.api.options;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The passwords this process has seen, so that no message it prints or logs shows one: not the
 * engine's own, and not a driver's or a server's either (such as {@code Access denied for user
 * 'u;password=...'}), which only text replacement can catch. Values are registered where they enter
 * (table options, statements, URLs) and {@link #mask} replaces each of them with {@value #MASK}.
 *
 * <p>A password is recognised by where it stands: the value of an option whose key names a password,
 * secret, token or credential; the user-info of a URL ({@code //user:password@host}); a
 * {@code password=} parameter in a URL or property list. Values shorter than
 * {@value #MINIMUM_LENGTH} characters are not masked: they would garble every word that contains them.
 */
public final class Secrets {
    public static final String MASK = "******";
    static final int MINIMUM_LENGTH = 4;

    private static final Pattern SECRET_KEY = Pattern.compile(".*(password|passwd|secret|token|credential|jaas).*");
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("([?&;,\\s]\\s*[\\w.-]*password\\s*=\\s*)([^&;,\\s'\"]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern LEADING_PASSWORD_PARAMETER =
            Pattern.compile("^(\\s*[\\w.-]*password\\s*=\\s*)[^&;,\\s'\"]+", Pattern.CASE_INSENSITIVE);
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?;\\s]*:)([^/@?;\\s]+)@");
    private static final Set<String> VALUES = ConcurrentHashMap.newKeySet();

    private Secrets() {
    }

    /** True when an option named {@code key} holds a secret, such as {@code password} or {@code properties.sasl.jaas.config}. */
    public static boolean isSecretKey(String key) {
        return SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).matches();
    }

    /** Remembers {@code value} as a secret; null and very short values are ignored. */
    public static void register(String value) {
        if (value != null && value.strip().length() >= MINIMUM_LENGTH) {
            VALUES.add(value.strip());
        }
    }

    /**
     * Remembers the value of an option: all of it when {@code key} names a secret, else the passwords
     * inside it (a URL's user-info, {@code password=} parameters).
     */
    public static void registerOption(String key, String value) {
        if (value == null) {
            return;
        }
        if (isSecretKey(key)) {
            register(value);
        }
        registerPasswordsIn(value);
    }

    /** Remembers the passwords written inside {@code text}: a URL's user-info and {@code password=} parameters. */
    public static void registerPasswordsIn(String text) {
        if (text == null) {
            return;
        }
        registerGroup(PASSWORD_PARAMETER.matcher(" " + text), 2);
        registerGroup(USER_INFO.matcher(text), 2);
    }

    /** True when no secret is registered, so that output needs no masking at all. */
    public static boolean noneRegistered() {
        return VALUES.isEmpty();
    }

    /** {@code text} with every registered secret replaced by {@value #MASK}; null stays null. */
    public static String mask(String text) {
        if (text == null || VALUES.isEmpty()) {
            return text;
        }
        String masked = text;
        for (String secret : VALUES) {
            if (masked.contains(secret)) {
                masked = masked.replace(secret, MASK);
            }
        }
        return masked;
    }

    /** {@code text} with the passwords written in it (user-info, {@code password=}) masked, registered or not. */
    public static String maskPasswordsIn(String text) {
        String masked = PASSWORD_PARAMETER.matcher(text).replaceAll("$1" + MASK);
        // The parameter pattern needs a separator before the key; a text may start with "password=".
        masked = LEADING_PASSWORD_PARAMETER.matcher(masked).replaceFirst("$1" + MASK);
        return USER_INFO.matcher(masked).replaceAll("$1" + MASK + "@");
    }

    private static void registerGroup(Matcher matcher, int group) {
        while (matcher.find()) {
            if (!matcher.group(group).equals(MASK)) {
                register(matcher.group(group));
            }
        }
    }
}
