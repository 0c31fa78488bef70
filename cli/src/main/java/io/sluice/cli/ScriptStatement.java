package io.sluice.cli;

/**
 * One statement of a script, without its terminating {@code ;}, and where it starts in the script
 * (1-based line and column of its first character).
 */
record ScriptStatement(String text, int line, int column) {

    /** The script position of a 1-based position inside this statement. */
    ScriptPosition toScriptPosition(int lineInStatement, int columnInStatement) {
        if (lineInStatement <= 0) {
            return new ScriptPosition(line, column);
        }
        int scriptLine = line + lineInStatement - 1;
        int scriptColumn = lineInStatement == 1 ? column + Math.max(columnInStatement, 1) - 1 : columnInStatement;
        return new ScriptPosition(scriptLine, scriptColumn);
    }

    /** A 1-based line and column of a script. */
    record ScriptPosition(int line, int column) {
        @Override
        public String toString() {
            return "line " + line + ", column " + column;
        }
    }
}
