package io.sluice.runtime.functions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Digests and encodings for generated code: MD5 and the SHA family as lower-case hex of the UTF-8
 * bytes, Base64 and HEX as Flink computes them.
 */
public final class EncodingFunctions {
    private static final HexFormat HEX = HexFormat.of();

    private EncodingFunctions() {
    }

    public static String md5(String value) {
        return digest("MD5", value.getBytes(StandardCharsets.UTF_8));
    }

    public static String md5(byte[] value) {
        return digest("MD5", value);
    }

    public static String sha1(String value) {
        return digest("SHA-1", value.getBytes(StandardCharsets.UTF_8));
    }

    public static String sha256(String value) {
        return digest("SHA-256", value.getBytes(StandardCharsets.UTF_8));
    }

    public static String sha512(String value) {
        return digest("SHA-512", value.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code SHA2(value, bits)} for 224, 256, 384 or 512 bits. */
    public static String sha2(String value, int bits) {
        checkSha2Length(bits);
        return digest("SHA-" + bits, value.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws IllegalArgumentException unless {@code bits} is a SHA-2 digest length */
    public static void checkSha2Length(long bits) {
        if (bits != 224 && bits != 256 && bits != 384 && bits != 512) {
            throw new IllegalArgumentException("SHA2 supports hash lengths 224, 256, 384 and 512, not " + bits);
        }
    }

    private static String digest(String algorithm, byte[] value) {
        try {
            return HEX.formatHex(MessageDigest.getInstance(algorithm).digest(value));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JVM provides no " + algorithm + " digest", e);
        }
    }

    public static String toBase64(String value) {
        return toBase64(value.getBytes(StandardCharsets.UTF_8));
    }

    public static String toBase64(byte[] value) {
        return Base64.getEncoder().encodeToString(value);
    }

    /** {@code FROM_BASE64}: the decoded bytes as UTF-8 text; fails naming a value that is not Base64. */
    public static String fromBase64(String value) {
        try {
            return new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FROM_BASE64: '" + value + "' is not Base64: " + e.getMessage(), e);
        }
    }

    /** {@code HEX(number)}: upper-case hex digits of the two's complement 64-bit value. */
    public static String hex(long value) {
        return Long.toHexString(value).toUpperCase(Locale.ROOT);
    }

    /** {@code HEX(string)}: two upper-case hex digits per UTF-8 byte. */
    public static String hex(String value) {
        return HEX.withUpperCase().formatHex(value.getBytes(StandardCharsets.UTF_8));
    }
}
