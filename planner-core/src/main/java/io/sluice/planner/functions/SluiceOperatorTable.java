package io.sluice.planner.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * The operators the validator knows: Calcite's standard operators, the library operators whose
 * semantics match Flink's ({@code CONCAT} with NULL if any argument is NULL, {@code CONCAT_WS} skipping
 * NULL arguments, {@code GREATEST} NULL if any argument is, {@code TRY_CAST}, ...), and Sluice's own
 * ({@link SluiceOperators}, {@link NumericOperators}, {@link StringOperators},
 * {@link TimeConversionOperators}), which replace the standard operators of the same name. Function
 * names are case-insensitive, as in Flink, whatever the identifier casing.
 */
public final class SluiceOperatorTable implements SqlOperatorTable {
    private static final SqlNameMatcher CASE_INSENSITIVE = SqlNameMatchers.withCaseSensitive(false);

    private static final List<SqlOperator> LIBRARY_OPERATORS = List.of(
            SqlLibraryOperators.CONCAT_FUNCTION, SqlLibraryOperators.CONCAT_WS, SqlLibraryOperators.MD5,
            SqlLibraryOperators.SHA1, SqlLibraryOperators.SHA256, SqlLibraryOperators.SHA512,
            SqlLibraryOperators.TO_BASE64, SqlLibraryOperators.LEFT, SqlLibraryOperators.RIGHT,
            SqlLibraryOperators.REVERSE, SqlLibraryOperators.REPEAT, SqlLibraryOperators.LOG2,
            SqlLibraryOperators.GREATEST, SqlLibraryOperators.LEAST, SqlLibraryOperators.IF,
            SqlLibraryOperators.IFNULL, SqlLibraryOperators.TRY_CAST);

    private static final List<SqlOperator> SLUICE_OPERATORS = List.of(
            SluiceOperators.CURRENT_TIMESTAMP, SluiceOperators.NOW, SluiceOperators.PROCTIME, SluiceOperators.LOCALTIMESTAMP,
            SluiceOperators.CURRENT_TIME, SluiceOperators.LOCALTIME, SluiceOperators.DATE_FORMAT,
            SluiceOperators.UUID, NumericOperators.ROUND, NumericOperators.TRUNCATE,
            StringOperators.LTRIM, StringOperators.RTRIM, StringOperators.BTRIM, StringOperators.LPAD,
            StringOperators.RPAD, StringOperators.REGEXP, StringOperators.REGEXP_REPLACE,
            StringOperators.REGEXP_EXTRACT, StringOperators.LOCATE, StringOperators.SPLIT_INDEX,
            StringOperators.CHR, StringOperators.SHA2, StringOperators.FROM_BASE64, StringOperators.HEX,
            TimeConversionOperators.TO_TIMESTAMP, TimeConversionOperators.TO_DATE,
            TimeConversionOperators.UNIX_TIMESTAMP, TimeConversionOperators.FROM_UNIXTIME,
            TimeConversionOperators.CONVERT_TZ, TimeConversionOperators.TO_TIMESTAMP_LTZ,
            WindowTableFunctions.CUMULATE, GroupValueFunctions.FIRST_VALUE, GroupValueFunctions.LAST_VALUE);

    private static final List<SqlOperator> ADDED_OPERATORS =
            Stream.concat(LIBRARY_OPERATORS.stream(), SLUICE_OPERATORS.stream()).toList();

    private final SqlOperatorTable standard = SqlStdOperatorTable.instance();
    private final Set<String> replacedNames = ADDED_OPERATORS.stream().map(SqlOperator::getName)
            .collect(Collectors.toSet());
    private final List<SqlFunction> userFunctions;

    private SluiceOperatorTable(Collection<SqlFunction> userFunctions) {
        this.userFunctions = List.copyOf(userFunctions);
    }

    /** The operator table for the validator: the built-in functions and {@code userFunctions}. */
    public static SqlOperatorTable create(Collection<SqlFunction> userFunctions) {
        return new SluiceOperatorTable(userFunctions);
    }

    /** True when {@code name} is a built-in function or operator, whatever its case. */
    public static boolean isBuiltIn(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return ADDED_OPERATORS.stream().anyMatch(operator -> operator.getName().equals(upper))
                || SqlStdOperatorTable.instance().getOperatorList().stream()
                        .anyMatch(operator -> operator.getName().equalsIgnoreCase(name));
    }

    /** The names of the built-in functions, for SHOW FUNCTIONS. */
    public static List<String> builtInFunctionNames() {
        return Stream.concat(SqlStdOperatorTable.instance().getOperatorList().stream(), ADDED_OPERATORS.stream())
                .filter(operator -> operator instanceof SqlFunction)
                .map(SqlOperator::getName).filter(name -> !name.startsWith("$")).distinct().sorted().toList();
    }

    @Override
    public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
                                        List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
        List<SqlOperator> found = new ArrayList<>();
        standard.lookupOperatorOverloads(opName, category, syntax, found, CASE_INSENSITIVE);
        found.removeIf(operator -> replacedNames.contains(operator.getName()));
        operatorList.addAll(found);
        if (!opName.isSimple()) {
            return;
        }
        String name = opName.getSimple().toUpperCase(Locale.ROOT);
        for (SqlFunction function : userFunctions) {
            if (function.getName().equalsIgnoreCase(name) && matchesSyntax(function, syntax)) {
                operatorList.add(function);
            }
        }
        for (SqlOperator operator : ADDED_OPERATORS) {
            if (operator.getName().equals(name) && matchesSyntax(operator, syntax)) {
                operatorList.add(operator);
            }
        }
    }

    /** As Calcite's own tables: a function lookup also finds functions of special syntax (CAST, niladic). */
    private static boolean matchesSyntax(SqlOperator operator, SqlSyntax syntax) {
        return operator.getSyntax() == syntax || syntax == SqlSyntax.FUNCTION && operator instanceof SqlFunction;
    }

    @Override
    public List<SqlOperator> getOperatorList() {
        List<SqlOperator> operators = new ArrayList<>(standard.getOperatorList());
        operators.removeIf(operator -> replacedNames.contains(operator.getName()));
        operators.addAll(ADDED_OPERATORS);
        operators.addAll(userFunctions);
        return operators;
    }
}
