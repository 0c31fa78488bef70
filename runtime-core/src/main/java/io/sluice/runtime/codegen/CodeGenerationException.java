package io.sluice.runtime.codegen;

/** Generated code that does not compile or load; the message carries the numbered source. */
public class CodeGenerationException extends RuntimeException {
    public CodeGenerationException(String message) {
        super(message);
    }

    public CodeGenerationException(String message, Throwable cause) {
        super(message, cause);
    }
}
