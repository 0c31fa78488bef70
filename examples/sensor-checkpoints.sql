-- Checkpoints and restore: a bounded datagen job that checkpoints every second.
--
-- What it shows: with 'execution.checkpointing.interval' set, the job saves the sources' positions,
-- the aggregate's state and a flushed sink every second under
-- <execution.checkpointing.dir>/<pipeline.name>/chk-N. The job reads 12,000 readings at 3,000 a
-- second, so it takes a few checkpoints. Run it again with --restore and it resumes from the
-- latest one: the source continues after the position saved there, the aggregate continues from its
-- saved counts, and the table ends exactly as after one uninterrupted run (60 sensors, 12,000
-- readings in all), although some changes are written twice (the sink is at-least-once and upserts
-- make the repeat harmless).
--
--   ./sluice run examples/sensor-checkpoints.sql
--   ./sluice run examples/sensor-checkpoints.sql --restore /tmp/sluice-checkpoints/sensor-checkpoints
--
-- The script holds a single job on purpose: --restore applies to every job of a script, and a
-- checkpoint restores only into the plan that wrote it. Look at the table with any SQL client, e.g.
--   SELECT COUNT(*), SUM(readings) FROM readings_per_sensor;   -- 60 | 12000
--
-- Runs out of the box on an embedded PostgreSQL; set SLUICE_PG_URL to use your own, and
-- SLUICE_CHECKPOINT_DIR to keep the checkpoints elsewhere than /tmp/sluice-checkpoints.

SET 'pipeline.name' = 'sensor-checkpoints';
SET 'execution.checkpointing.interval' = '1 s';
SET 'execution.checkpointing.dir' = '${SLUICE_CHECKPOINT_DIR:-/tmp/sluice-checkpoints}';

CREATE TABLE readings (
  sensor_id INT,
  temperature INT
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '12000',
  'rows-per-second' = '3000',
  'seed' = '7',
  'fields.sensor_id.min' = '1',
  'fields.sensor_id.max' = '60',
  'fields.temperature.min' = '-20',
  'fields.temperature.max' = '40'
);

CREATE TABLE readings_per_sensor (
  sensor_id INT,
  readings BIGINT,
  max_temperature INT,
  PRIMARY KEY (sensor_id) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'readings_per_sensor',
  'sink.auto-create' = 'true'
);

INSERT INTO readings_per_sensor
SELECT sensor_id, COUNT(*) AS readings, MAX(temperature) AS max_temperature
FROM readings
GROUP BY sensor_id;
