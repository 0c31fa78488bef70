package io.sluice.planner.codegen;

import org.apache.calcite.rel.type.RelDataType;

/**
 * Generated Java for one expression: {@code code} (statements, possibly empty) that computes
 * {@code nullTerm} (a boolean expression, true when the value is SQL NULL) and {@code valueTerm} (the
 * value, meaningful only when not NULL), both cheap to repeat (locals or constants).
 */
record GeneratedExpression(String code, String nullTerm, String valueTerm, RelDataType type) {
    static final String NEVER_NULL = "false";

    /** A value that needs no statements and is never NULL. */
    static GeneratedExpression constant(String valueTerm, RelDataType type) {
        return new GeneratedExpression("", NEVER_NULL, valueTerm, type);
    }

    /** SQL NULL of {@code type}. */
    static GeneratedExpression nullValue(RelDataType type) {
        return new GeneratedExpression("", "true", JavaTypes.defaultValue(type), type);
    }

    boolean mayBeNull() {
        return !NEVER_NULL.equals(nullTerm);
    }

    /** The value as an object, as a row field or a map entry holds it: boxed, or {@code null} when NULL. */
    String objectTerm() {
        String boxed = JavaTypes.box(type, valueTerm);
        return mayBeNull() ? "(" + nullTerm + " ? null : " + boxed + ")" : boxed;
    }
}
