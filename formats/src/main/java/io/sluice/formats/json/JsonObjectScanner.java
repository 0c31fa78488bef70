package io.sluice.formats.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.sluice.api.format.MalformedMessageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Walks the members of one JSON object in a byte array without building or converting anything: each
 * member's name and the byte range of its value, found by following the JSON structure (strings with their
 * escapes, nested objects and arrays), which costs less than tokenizing it. A decoder reads the values it
 * wants from their range and skips the rest
 * (a Debezium event's {@code source} block, an update's old row when no one reads it). Structure errors
 * (an unterminated string or object, a missing colon) fail as malformed messages; a skipped value is checked
 * for its structure only.
 */
public final class JsonObjectScanner {
    private static final JsonFactory STRINGS = new JsonFactory();
    private final byte[] json;
    private final int end;
    private int position;
    private boolean first = true;
    private int nameStart;
    private int nameEnd;
    private boolean nameEscaped;
    private int valueStart;
    private int valueEnd;
    private boolean valueEscaped;

    private JsonObjectScanner(byte[] json, int start, int end) {
        this.json = json;
        this.position = start;
        this.end = end;
    }

    /**
     * A scanner of the object that fills {@code json[start, end)}, standing before its first member; null
     * when the range holds white space only.
     *
     * @throws MalformedMessageException when the range holds something else than an object
     */
    public static JsonObjectScanner of(byte[] json, int start, int end) {
        JsonObjectScanner scanner = new JsonObjectScanner(json, start, end);
        scanner.skipWhiteSpace();
        if (scanner.position == end) {
            return null;
        }
        if (json[scanner.position] != '{') {
            throw new MalformedMessageException("the message is not a JSON object");
        }
        scanner.position++;
        return scanner;
    }

    /** The object that is the current member's value; the value must be an object. */
    public JsonObjectScanner valueObject() {
        return of(json, valueStart, valueEnd);
    }

    /** Moves to the next member; false after the last one. */
    public boolean next() {
        skipWhiteSpace();
        if (position < end && json[position] == '}') {
            position = end;
            return false;
        }
        if (!first) {
            expect(',');
            skipWhiteSpace();
        }
        first = false;
        if (position >= end || json[position] != '"') {
            throw malformed("a member name");
        }
        nameStart = position + 1;
        nameEscaped = skipString();
        nameEnd = position - 1;
        skipWhiteSpace();
        expect(':');
        skipWhiteSpace();
        valueStart = position;
        valueEscaped = skipValue();
        valueEnd = position;
        return true;
    }

    /** Whether the current member is named {@code name}, which must be ASCII (as Debezium's members are). */
    public boolean nameIs(String name) {
        return nameEscaped ? name().equals(name) : isAscii(json, nameStart, nameEnd, name);
    }

    /** Whether {@code json[start, end)} holds the characters of {@code text}, which must be ASCII. */
    static boolean isAscii(byte[] json, int start, int end, String text) {
        if (end - start != text.length()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (json[start + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the current member is named {@code name}, given also as its UTF-8 bytes. */
    public boolean nameIs(byte[] utf8, String name) {
        if (nameEscaped) {
            return name().equals(name);
        }
        return java.util.Arrays.equals(json, nameStart, nameEnd, utf8, 0, utf8.length);
    }

    private String name() {
        return text(nameStart - 1, nameEnd + 1, true);
    }

    /** The first byte of the current value: an object's, an array's, a string's quote, or a literal's or number's. */
    public byte valueKind() {
        return json[valueStart];
    }

    public boolean valueIsNull() {
        return json[valueStart] == 'n';
    }

    /** The current value, a string, without its quotes and escapes. */
    public String valueString() {
        return text(valueStart, valueEnd, valueEscaped);
    }

    /** The string whose quotes are at {@code start} and {@code end - 1}; escapes decoded by Jackson (rare). */
    private String text(int start, int end, boolean escaped) {
        if (!escaped) {
            return new String(json, start + 1, end - start - 2, StandardCharsets.UTF_8);
        }
        try (JsonParser parser = STRINGS.createParser(json, start, end - start)) {
            parser.nextToken();
            return parser.getText();
        } catch (IOException e) {
            throw new MalformedMessageException("not valid JSON: " + e.getMessage(), e);
        }
    }

    public int valueStart() {
        return valueStart;
    }

    public int valueEnd() {
        return valueEnd;
    }

    /** Skips the value at the position; true when it is a string with escapes. */
    private boolean skipValue() {
        if (position >= end) {
            throw malformed("a value");
        }
        byte first = json[position];
        if (first == '"') {
            return skipString();
        }
        if (first == '{' || first == '[') {
            skipContainer();
        } else {
            int start = position;
            while (position < end && !isDelimiter(json[position])) {
                position++;
            }
            if (position == start) {
                throw malformed("a value");
            }
        }
        return false;
    }

    /** Skips an object or array, strings inside included; the position after its closing bracket. */
    private void skipContainer() {
        int depth = 0;
        while (position < end) {
            byte c = json[position];
            if (c == '"') {
                skipString();
                continue;
            }
            position++;
            if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return;
            }
        }
        throw new MalformedMessageException("not valid JSON: an object or array is not closed");
    }

    /** Skips the string whose opening quote the position is on; true when it holds escapes. */
    private boolean skipString() {
        boolean escaped = false;
        position++;
        while (position < end) {
            byte c = json[position++];
            if (c == '"') {
                return escaped;
            }
            if (c == '\\') {
                escaped = true;
                position++;
            }
        }
        throw new MalformedMessageException("not valid JSON: a string is not closed");
    }

    private void expect(char c) {
        if (position >= end || json[position] != c) {
            throw malformed("'" + c + "'");
        }
        position++;
    }

    private void skipWhiteSpace() {
        while (position < end && isWhiteSpace(json[position])) {
            position++;
        }
    }

    private static boolean isWhiteSpace(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean isDelimiter(byte c) {
        return c == ',' || c == '}' || c == ']' || isWhiteSpace(c);
    }

    private MalformedMessageException malformed(String expected) {
        String found = position >= end ? "the end" : "'" + new String(json, position, Math.min(20, end - position),
                StandardCharsets.UTF_8) + "'";
        return new MalformedMessageException("not valid JSON: expected " + expected + " at character " + position
                + ", found " + found);
    }
}
