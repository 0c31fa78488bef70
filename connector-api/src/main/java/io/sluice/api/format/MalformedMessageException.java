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
}
