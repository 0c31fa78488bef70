package io.sluice.runtime.execution;

/** An operator of a running job failed; carries the operator's name to the job's error message. */
final class OperatorFailure extends RuntimeException {
    private static final int MAX_ROW_TEXT = 300;

    private final String operatorName;

    OperatorFailure(String operatorName, Throwable cause) {
        super(operatorName + ": " + describe(cause), cause);
        this.operatorName = operatorName;
    }

    /** A failure while processing {@code row}, whose text (shortened) goes into the message. */
    static OperatorFailure onRow(String operatorName, Object row, Throwable cause) {
        String text = String.valueOf(row);
        if (text.length() > MAX_ROW_TEXT) {
            text = text.substring(0, MAX_ROW_TEXT) + "...";
        }
        return new OperatorFailure(operatorName + " on row " + text, cause);
    }

    /** The cause's own message; its class name only when it has none, which is all that says what failed. */
    private static String describe(Throwable cause) {
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    String operatorName() {
        return operatorName;
    }
}
