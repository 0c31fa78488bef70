package io.sluice.it.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A documented command line split as a POSIX shell would split it: leading {@code NAME=value}
 * assignments, then the words after {@code ./sluice}. Handles single and double quotes and a trailing
 * {@code # comment}; nothing else of the shell, which the docs do not use.
 */
record CommandLineWords(Map<String, String> environment, List<String> arguments) {

    static CommandLineWords parse(String line) {
        List<String> words = words(line);
        Map<String, String> environment = new LinkedHashMap<>();
        int i = 0;
        while (i < words.size() && words.get(i).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
            String word = words.get(i++);
            environment.put(word.substring(0, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
        }
        if (i == words.size() || !words.get(i).equals("./sluice")) {
            throw new IllegalArgumentException("Not a ./sluice command: " + line);
        }
        return new CommandLineWords(environment, List.copyOf(words.subList(i + 1, words.size())));
    }

    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                addWord(words, word);
                word = null;
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("Unterminated " + quote + " in: " + line);
        }
        addWord(words, word);
        return words;
    }

    private static void addWord(List<String> words, StringBuilder word) {
        if (word != null) {
            words.add(word.toString());
        }
    }
}
