package io.sluice.api.format;

/**
 * A message a format cannot decode. The message names the field and what is wrong with it; the
 * connector adds where the message came from (topic, partition and offset, or file and line).
 */
public class MalformedMessageException extends RuntimeException {

    public MalformedMessageException(String message) {
        super(message);
    }

    public MalformedMessageException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * {@code field 'amount': cannot read "lots" as INT}, the value cut to 60 characters, with the cause's
     * reason unless it is a number that does not parse (which says no more than the value and type do).
     */
    public static MalformedMessageException cannotRead(String field, String value, Object type,
                                                       Exception cause) {
        String shown = value.length() > 60 ? value.substring(0, 60) + "..." : value;
        String why = cause.getMessage() == null || cause instanceof NumberFormatException ? ""
                : " (" + cause.getMessage() + ")";
        return new MalformedMessageException("field '" + field + "': cannot read \"" + shown + "\" as " + type + why,
                cause);
    }
}
