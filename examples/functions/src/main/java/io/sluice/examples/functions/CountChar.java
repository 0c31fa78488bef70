package io.sluice.examples.functions;

import io.sluice.api.functions.ScalarFunction;

/**
 * {@code count_char(text, character)}: how often the first character of {@code character} occurs in
 * {@code text}; Nexmark q14 counts the {@code 'c'}s of each bid's extra field with it. NULL text counts 0.
 */
public class CountChar extends ScalarFunction {

    public long eval(String text, String character) {
        if (text == null || character == null || character.isEmpty()) {
            return 0;
        }
        char wanted = character.charAt(0);
        long count = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == wanted) {
                count++;
            }
        }
        return count;
    }
}
