package io.sluice.runtime.codegen;

/** Generated code that cannot be produced, compiled or loaded: a bug of the code generator, not of the SQL. */
public class CodeGenerationException extends RuntimeException {
    public CodeGenerationException(String message) {
        super(message);
    }

    public CodeGenerationException(String message, Throwable cause) {
        super(message, cause);
    }
}
