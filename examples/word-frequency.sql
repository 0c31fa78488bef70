-- A nested aggregate whose groups are deleted: how many words occur once, twice, three times.
--
-- What it shows: the inner GROUP BY counts each word; the outer GROUP BY counts the words per
-- count. When a word's count changes, the inner aggregate emits -U (old count) and +U (new count),
-- and the outer aggregate must retract the word from its old group: that is why the planner makes
-- the inner aggregate send UPDATE_BEFORE (-U) here even though the sink itself drops -U. When the
-- last word leaves a group, the outer aggregate emits -D and the sink deletes that row. The source
-- also retracts a word (-D[c]), which empties the group of words that occur once.
--
-- Runs out of the box on an embedded PostgreSQL; set SLUICE_PG_URL to use your own.
--
-- Expected table: (2, 1) and (3, 1): one word twice (b), one word three times (a); the row for
-- count 1 was inserted, updated and finally deleted.

CREATE TABLE words (word STRING) WITH (
  'connector' = 'values',
  'rows' = '+I[a]
+I[a]
+I[b]
+I[a]
+I[c]
+I[b]
-D[c]'
);

CREATE TABLE word_frequency (
  cnt BIGINT,
  num_words BIGINT,
  PRIMARY KEY (cnt) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'word_frequency',
  'sink.auto-create' = 'true'
);

INSERT INTO word_frequency
SELECT cnt, COUNT(*) AS num_words
FROM (SELECT word, COUNT(*) AS cnt FROM words GROUP BY word)
GROUP BY cnt;

SELECT cnt, num_words FROM word_frequency;
