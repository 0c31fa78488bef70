package io.sluice.planner.functions;

import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Flink's string functions that Calcite's libraries lack or type differently. Those that may give NULL
 * for non-NULL arguments (no match, an index out of range) have nullable results.
 */
public final class StringOperators {
    private static final SqlReturnTypeInference STRING_OR_NULL =
            ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.FORCE_NULLABLE);

    /** {@code LTRIM(s[, characters])}: removes leading characters (blanks by default). */
    public static final SqlFunction LTRIM = string("LTRIM", ReturnTypes.ARG0_NULLABLE_VARYING)
            .withOperandTypeChecker(OperandTypes.STRING_OPTIONAL_STRING);

    /** {@code RTRIM(s[, characters])}: removes trailing characters (blanks by default). */
    public static final SqlFunction RTRIM = string("RTRIM", ReturnTypes.ARG0_NULLABLE_VARYING)
            .withOperandTypeChecker(OperandTypes.STRING_OPTIONAL_STRING);

    /** {@code BTRIM(s[, characters])}: removes leading and trailing characters (blanks by default). */
    public static final SqlFunction BTRIM = string("BTRIM", ReturnTypes.ARG0_NULLABLE_VARYING)
            .withOperandTypeChecker(OperandTypes.STRING_OPTIONAL_STRING);

    /** {@code LPAD(s, length, padding)}: NULL for a negative length or an empty padding. */
    public static final SqlBasicFunction LPAD = string("LPAD", STRING_OR_NULL)
            .withOperandTypeChecker(OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER,
                    SqlTypeFamily.CHARACTER));

    /** {@code RPAD(s, length, padding)}: NULL for a negative length or an empty padding. */
    public static final SqlFunction RPAD = LPAD.withName("RPAD");

    /** {@code REGEXP(s, regex)}: whether a part of s matches the Java regular expression. */
    public static final SqlFunction REGEXP = string("REGEXP", ReturnTypes.BOOLEAN_NULLABLE)
            .withOperandTypeChecker(OperandTypes.STRING_STRING);

    /** {@code REGEXP_REPLACE(s, regex, replacement)}: NULL when the regular expression is not valid. */
    public static final SqlFunction REGEXP_REPLACE = string("REGEXP_REPLACE", STRING_OR_NULL)
            .withOperandTypeChecker(OperandTypes.STRING_STRING_STRING);

    /** {@code REGEXP_EXTRACT(s, regex[, group])}: that group (0, the whole match, by default) of the first match. */
    public static final SqlFunction REGEXP_EXTRACT = string("REGEXP_EXTRACT", STRING_OR_NULL)
            .withOperandTypeChecker(OperandTypes.or(OperandTypes.STRING_STRING, OperandTypes.STRING_STRING_INTEGER));

    /** {@code LOCATE(needle, s[, start])}: 1-based position of needle in s from start on, 0 when absent. */
    public static final SqlFunction LOCATE = string("LOCATE", ReturnTypes.INTEGER_NULLABLE)
            .withOperandTypeChecker(OperandTypes.or(OperandTypes.STRING_STRING, OperandTypes.STRING_STRING_INTEGER));

    /** {@code SPLIT_INDEX(s, separator, index)}: the 0-based index-th piece, NULL when there is none. */
    public static final SqlFunction SPLIT_INDEX = string("SPLIT_INDEX", STRING_OR_NULL)
            .withOperandTypeChecker(OperandTypes.STRING_STRING_INTEGER);

    /** {@code CHR(code)}: the character of code modulo 256. */
    public static final SqlFunction CHR = string("CHR", ReturnTypes.VARCHAR_NULLABLE)
            .withOperandTypeChecker(OperandTypes.family(SqlTypeFamily.INTEGER));

    /** {@code SHA2(s, bits)}: the SHA-224, SHA-256, SHA-384 or SHA-512 digest as hex. */
    public static final SqlFunction SHA2 = string("SHA2", ReturnTypes.VARCHAR_NULLABLE)
            .withOperandTypeChecker(OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER));

    /** {@code FROM_BASE64(s)}: the decoded bytes as UTF-8 text (Flink's STRING, not Calcite's bytes). */
    public static final SqlFunction FROM_BASE64 = string("FROM_BASE64", ReturnTypes.VARCHAR_NULLABLE)
            .withOperandTypeChecker(OperandTypes.CHARACTER);

    /** {@code HEX(integer or string)}: upper-case hex of the number or of the UTF-8 bytes. */
    public static final SqlFunction HEX = string("HEX", ReturnTypes.VARCHAR_NULLABLE)
            .withOperandTypeChecker(OperandTypes.or(OperandTypes.family(SqlTypeFamily.INTEGER),
                    OperandTypes.CHARACTER));

    private StringOperators() {
    }

    private static SqlBasicFunction string(String name, SqlReturnTypeInference returnType) {
        return SqlBasicFunction.create(name, returnType, OperandTypes.NILADIC, SqlFunctionCategory.STRING);
    }
}
