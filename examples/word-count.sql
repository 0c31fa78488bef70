-- Word count into PostgreSQL: the README's main job.
--
-- What it shows: a GROUP BY over a stream of words becomes a changelog (+I, +U) that the JDBC sink
-- applies to a PostgreSQL table keyed by the word. The sink's reduce buffer keeps only the last
-- change per word, so the table ends with one row per word and its final count. The last statement
-- reads the table back through the same connector.
--
-- Runs out of the box: 'embedded:postgres' starts an embedded PostgreSQL for the run (its JDBC URL is
-- logged on stderr). Point SLUICE_PG_URL at your own database to write there instead:
--   SLUICE_PG_URL='jdbc:postgresql://127.0.0.1:5432/test?user=postgres' ./sluice run examples/word-count.sql

CREATE TABLE words (word STRING) WITH (
  'connector' = 'values',
  'rows' = '+I[to]
+I[be]
+I[or]
+I[not]
+I[to]
+I[be]
+I[that]
+I[is]
+I[the]
+I[question]'
);

CREATE TABLE word_counts (
  word VARCHAR(64),
  cnt BIGINT,
  PRIMARY KEY (word) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'word_counts',
  'sink.auto-create' = 'true'
);

INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word;

SELECT word, cnt FROM word_counts;
