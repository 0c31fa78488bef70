package io.sluice.it.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what a Markdown page shows a reader to run: every {@code ./sluice} command line in a code block
 * (fenced or indented), and every {@code ```sql} block as a script. A line
 * {@code <!-- no-run: reason -->} right before a block marks all of it as not to be run (an endless
 * stream, the interactive shell, a fragment); a {@code ```stdout} block right after a block holds what
 * the last sample in it prints on stdout.
 */
final class MarkdownSamples {
    private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*([A-Za-z]*)\\s*$");
    private static final Pattern NO_RUN = Pattern.compile("^\\s*<!--\\s*no-run:(.*?)-->\\s*$");
    private static final Pattern COMMAND = Pattern.compile(
            "^\\s*(?:\\$\\s+)?((?:[A-Za-z_][A-Za-z0-9_]*=\\S+\\s+)*\\./sluice(?:\\s.*)?)$");
    private static final Pattern INDENTED = Pattern.compile("^(?: {4}|\\t)");

    private final String page;
    private final List<String> lines;
    private final List<DocSample> samples = new ArrayList<>();
    private String pendingNoRun;
    private int lastBlockEnd = -1;
    private int lastBlockSamples;

    private MarkdownSamples(String page, String markdown) {
        this.page = page;
        this.lines = markdown.lines().toList();
    }

    /** The samples of {@code markdown}, whose name {@code page} (such as {@code docs/x.md}) appears in sources. */
    static List<DocSample> parse(String page, String markdown) {
        MarkdownSamples parser = new MarkdownSamples(page, markdown);
        parser.scan();
        return List.copyOf(parser.samples);
    }

    private void scan() {
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            Matcher noRun = NO_RUN.matcher(line);
            if (fence.matches()) {
                i = fencedBlock(i, fence.group(1));
            } else if (noRun.matches()) {
                pendingNoRun = requireReason(noRun.group(1).strip(), i);
                i++;
            } else if (INDENTED.matcher(line).find() && !line.isBlank() && (i == 0 || lines.get(i - 1).isBlank())) {
                i = indentedBlock(i);
            } else {
                if (!line.isBlank()) {
                    pendingNoRun = null;
                }
                i++;
            }
        }
    }

    private int fencedBlock(int open, String language) {
        int close = open + 1;
        while (close < lines.size() && !FENCE.matcher(lines.get(close)).matches()) {
            close++;
        }
        if (close == lines.size()) {
            throw new IllegalArgumentException(where(open) + ": the code block is never closed");
        }
        List<String> body = lines.subList(open + 1, close);
        if (language.equals("stdout")) {
            attachStdout(open, body);
        } else {
            int before = samples.size();
            if (language.equals("sql")) {
                samples.add(new DocSample(where(open), DocSample.Kind.SCRIPT, String.join("\n", body), pendingNoRun,
                        null));
            } else {
                commands(open + 1, body);
            }
            endBlock(close, samples.size() - before);
        }
        return close + 1;
    }

    private int indentedBlock(int start) {
        int end = start;
        while (end < lines.size() && (lines.get(end).isBlank() || INDENTED.matcher(lines.get(end)).find())) {
            end++;
        }
        int before = samples.size();
        commands(start, lines.subList(start, end));
        endBlock(end - 1, samples.size() - before);
        return end;
    }

    private void commands(int firstLine, List<String> body) {
        for (int i = 0; i < body.size(); i++) {
            StringBuilder line = new StringBuilder(body.get(i));
            int start = i;
            while (line.toString().endsWith("\\") && i + 1 < body.size()) {
                line.setLength(line.length() - 1);
                line.append(' ').append(body.get(++i).strip());
            }
            Matcher command = COMMAND.matcher(line);
            if (command.matches()) {
                samples.add(new DocSample(where(firstLine + start), DocSample.Kind.COMMAND, command.group(1).strip(),
                        pendingNoRun, null));
            }
        }
    }

    private void endBlock(int closingLine, int sampleCount) {
        pendingNoRun = null;
        lastBlockEnd = closingLine;
        lastBlockSamples = sampleCount;
    }

    // The stdout block belongs to the block just above it, separated by blank lines at most.
    private void attachStdout(int open, List<String> body) {
        boolean adjacent = lastBlockSamples > 0
                && lines.subList(lastBlockEnd + 1, open).stream().allMatch(String::isBlank);
        if (!adjacent) {
            throw new IllegalArgumentException(where(open) + ": a ```stdout block must follow a block with a"
                    + " ./sluice command or a ```sql script");
        }
        int last = samples.size() - 1;
        samples.set(last, samples.get(last).withExpectedStdout(String.join("\n", body)));
        lastBlockSamples = 0;
    }

    private String requireReason(String reason, int index) {
        if (reason.isEmpty()) {
            throw new IllegalArgumentException(where(index) + ": <!-- no-run: --> needs a reason");
        }
        return reason;
    }

    private String where(int index) {
        return page + ":" + (index + 1);
    }
}
