-- An endless stream: datagen sensor readings aggregated into PostgreSQL until you press Ctrl-C.
--
-- What it shows: a `datagen` table without 'number-of-rows' never ends. The job keeps one row per
-- sensor up to date (count, average, minimum, maximum); the JDBC sink flushes every 500 rows or
-- every second, whichever comes first, and only the last change per sensor in each flush reaches
-- the database. While it runs, the progress line on stderr shows rows in, rows written, flushes and
-- lag, e.g.
--   rows in 26,584 | rows written 26,437 | flushes 52 | checkpoints 0 | lag 0 ms
-- (on a terminal the line is rewritten in place; otherwise a new line every 10 seconds).
-- Ctrl-C cancels the job; the sink writes what it holds before the process exits, and the summary
-- shows per sink how many changes the reduce buffer folded away (rows-reduced) and how many upserts
-- reached the table.
--
--   ./sluice run examples/sensor-stream.sql
--
-- Query the table while it runs (the embedded server's JDBC URL is logged on stderr), e.g.
--   psql -h localhost -p PORT -U postgres sluice -c 'SELECT * FROM sensor_stats ORDER BY sensor_id'

CREATE TABLE sensor_readings (
  sensor_id INT,
  temperature DOUBLE
) WITH (
  'connector' = 'datagen',
  'rows-per-second' = '2000',
  'fields.sensor_id.min' = '1',
  'fields.sensor_id.max' = '100',
  'fields.temperature.min' = '-20',
  'fields.temperature.max' = '40'
);

CREATE TABLE sensor_stats (
  sensor_id INT,
  readings BIGINT,
  avg_temperature DOUBLE,
  min_temperature DOUBLE,
  max_temperature DOUBLE,
  PRIMARY KEY (sensor_id) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'sensor_stats',
  'sink.auto-create' = 'true',
  'sink.buffer-flush.max-rows' = '500',
  'sink.buffer-flush.interval' = '1 s'
);

INSERT INTO sensor_stats
SELECT sensor_id, COUNT(*) AS readings, AVG(temperature) AS avg_temperature,
       MIN(temperature) AS min_temperature, MAX(temperature) AS max_temperature
FROM sensor_readings
GROUP BY sensor_id;
