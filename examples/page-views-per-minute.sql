-- A windowed aggregate into an append-only PostgreSQL table.
--
-- What it shows: page views carry an event time (view_time) with a watermark that trails the
-- largest time seen by 10 seconds, so a view may arrive up to 10 s late. TUMBLE cuts the stream
-- into one-minute windows; a window's counts are final once the watermark passes its end, so each
-- window is emitted exactly once, as inserts only (+I). That is why the sink table needs no primary
-- key: the JDBC sink appends with plain INSERT batches. The view at 09:00:50 arrives after one at
-- 09:01:02 and still counts for the first minute, because the watermark (09:00:52) has not passed
-- 09:01:00 yet. At the end of the input the watermark moves to the end of time and closes the last
-- windows.
--
-- Runs out of the box on an embedded PostgreSQL; set SLUICE_PG_URL to use your own.
--
-- Expected table (read back by the SELECT at the end):
--   2024-05-01T09:00, 2024-05-01T09:01, /home, 3
--   2024-05-01T09:00, 2024-05-01T09:01, /cart, 1
--   2024-05-01T09:01, 2024-05-01T09:02, /home, 1
--   2024-05-01T09:01, 2024-05-01T09:02, /cart, 2
--   2024-05-01T09:02, 2024-05-01T09:03, /home, 1

CREATE TABLE page_views (
  user_name STRING,
  url STRING,
  view_time TIMESTAMP(3),
  WATERMARK FOR view_time AS view_time - INTERVAL '10' SECOND
) WITH (
  'connector' = 'values',
  'rows' = '+I[alice, /home, 2024-05-01T09:00:05]
+I[bob, /home, 2024-05-01T09:00:20]
+I[alice, /cart, 2024-05-01T09:00:41]
+I[carol, /cart, 2024-05-01T09:01:02]
+I[bob, /home, 2024-05-01T09:00:50]
+I[alice, /cart, 2024-05-01T09:01:30]
+I[carol, /home, 2024-05-01T09:01:59]
+I[bob, /home, 2024-05-01T09:02:15]'
);

CREATE TABLE views_per_minute (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  url VARCHAR(64),
  views BIGINT
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'views_per_minute',
  'sink.auto-create' = 'true'
);

INSERT INTO views_per_minute
SELECT window_start, window_end, url, COUNT(*) AS views
FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, url;

SELECT window_start, window_end, url, views FROM views_per_minute;
