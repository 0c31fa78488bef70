package io.sluice.it.docs;

/**
 * Something the documentation shows a reader to run: a {@code ./sluice ...} command line or a
 * {@code ```sql} script.
 *
 * @param source         where it is, as {@code docs/page.md:LINE}
 * @param kind           a command line or a script
 * @param text           the command line (without a leading {@code $ }) or the script
 * @param noRunReason    why the page marks it {@code <!-- no-run: reason -->}; null when it runs
 * @param expectedStdout the {@code ```stdout} block that follows it on the page; null when none does
 */
record DocSample(String source, Kind kind, String text, String noRunReason, String expectedStdout) {

    enum Kind { COMMAND, SCRIPT }

    boolean runs() {
        return noRunReason == null;
    }

    DocSample withExpectedStdout(String stdout) {
        return new DocSample(source, kind, text, noRunReason, stdout);
    }

    @Override
    public String toString() {
        String firstLine = text.strip().lines().findFirst().orElse("");
        return source + " " + (kind == Kind.COMMAND ? firstLine : "```sql " + firstLine);
    }
}
