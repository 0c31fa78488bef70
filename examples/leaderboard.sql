-- A Top-N leaderboard: the three best players of each game, kept current as scores arrive.
--
-- What it shows: SUM per (game, player) is an updating aggregate; ROW_NUMBER() OVER (PARTITION BY
-- game ORDER BY total_points DESC) with rn <= 3 keeps the top three rows per game. The result's
-- upsert key is (game, rn), the sink table's primary key: when a player climbs, the rows at the ranks
-- that changed are overwritten, and a player who drops out of the top three disappears because
-- another player takes their rank. The sink keeps only the last change per (game, rn) in each flush.
--
-- Runs out of the box on an embedded PostgreSQL; set SLUICE_PG_URL to use your own.
--
-- Expected table:
--   chess, 1, dana, 210
--   chess, 2, erin, 150
--   chess, 3, carl, 120
--   go, 1, finn, 90
--   go, 2, gina, 40
-- (alice led chess with 100, then fell to fourth behind dana's two games, erin and carl.)

CREATE TABLE scores (
  game STRING,
  player STRING,
  points BIGINT
) WITH (
  'connector' = 'values',
  'rows' = '+I[chess, alice, 100]
+I[chess, carl, 80]
+I[chess, erin, 90]
+I[go, finn, 50]
+I[chess, dana, 110]
+I[go, gina, 40]
+I[chess, carl, 40]
+I[chess, erin, 60]
+I[go, finn, 40]
+I[chess, dana, 100]'
);

CREATE TABLE leaderboard (
  game VARCHAR(32),
  rn BIGINT,
  player VARCHAR(32),
  total_points BIGINT,
  PRIMARY KEY (game, rn) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'leaderboard',
  'sink.auto-create' = 'true'
);

INSERT INTO leaderboard
SELECT game, rn, player, total_points
FROM (
  SELECT game, player, total_points,
         ROW_NUMBER() OVER (PARTITION BY game ORDER BY total_points DESC) AS rn
  FROM (SELECT game, player, SUM(points) AS total_points FROM scores GROUP BY game, player)
)
WHERE rn <= 3;

SELECT game, rn, player, total_points FROM leaderboard;
