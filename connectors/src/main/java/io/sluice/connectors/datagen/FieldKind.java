package io.sluice.connectors.datagen;

/** The {@code fields.#.kind} option of {@code datagen}. */
public enum FieldKind {
    /** Random values within {@code min}/{@code max} or of {@code length}. */
    RANDOM,
    /** {@code start}, {@code start + 1}, ... up to {@code end}; the source ends there. */
    SEQUENCE
}
