package io.sluice.examples.functions;

import io.sluice.api.data.Row;
import io.sluice.api.functions.ResultType;
import io.sluice.api.functions.TableFunction;

/**
 * The words of a text with their positions, as a table function: {@code SELECT id, word, position FROM
 * docs, LATERAL TABLE(split_words(body))}. Words are separated by whitespace; a NULL text has none.
 */
@ResultType("ROW<word STRING, position INT>")
public class SplitWords extends TableFunction<Row> {

    public void eval(String text) {
        if (text == null) {
            return;
        }
        int position = 0;
        for (String word : text.trim().split("\\s+")) {
            if (!word.isEmpty()) {
                collect(Row.insert(word, position++));
            }
        }
    }
}
