package io.sluice.cli;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code ${VAR}} and {@code ${VAR:-default}} in a statement with values of the environment.
 * A variable without a value and without a default is an error naming it.
 */
final class VariableSubstitution {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    private final Map<String, String> environment;

    VariableSubstitution(Map<String, String> environment) {
        this.environment = environment;
    }

    ScriptStatement apply(ScriptStatement statement) throws ScriptSyntaxException {
        Matcher matcher = VARIABLE.matcher(statement.text());
        StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            String value = environment.get(matcher.group(1));
            if (value == null) {
                value = matcher.group(3);
            }
            if (value == null) {
                ScriptStatement.ScriptPosition at = positionOf(statement, matcher.start());
                throw new ScriptSyntaxException("Variable ${" + matcher.group(1)
                        + "} is not set in the environment and has no default (write ${" + matcher.group(1)
                        + ":-value} for one)", at.line(), at.column());
            }
            matcher.appendReplacement(result, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(result);
        return new ScriptStatement(result.toString(), statement.line(), statement.column());
    }

    private static ScriptStatement.ScriptPosition positionOf(ScriptStatement statement, int offset) {
        String before = statement.text().substring(0, offset);
        int lineInStatement = 1 + (int) before.chars().filter(c -> c == '\n').count();
        int column = offset - before.lastIndexOf('\n');
        return statement.toScriptPosition(lineInStatement, column);
    }
}
