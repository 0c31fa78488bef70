-- Nexmark q13, bounded side input join: each bid joined with the side input's row of its auction
-- modulo 10000, looked up as the bid is read (FOR SYSTEM_TIME AS OF its processing time).
-- The side input here is the file side_input.txt (key 0 to 9999); a table of a database serves as
-- well, with 'connector' = 'jdbc' and optionally a cache:
--   CREATE TABLE side_input (key BIGINT, `value` STRING) WITH ('connector' = 'jdbc',
--     'url' = 'jdbc:postgresql://localhost:5432/nexmark', 'table-name' = 'side_input',
--     'lookup.cache' = 'PARTIAL', 'lookup.partial-cache.max-rows' = '10000');
CREATE TABLE side_input (
  key BIGINT,
  `value` STRING
) WITH (
  'connector' = 'values',
  'path' = '${NEXMARK_SIDE_INPUT:-examples/nexmark/side_input.txt}'
);

CREATE TABLE nexmark_q13 (
  auction BIGINT,
  bidder BIGINT,
  price BIGINT,
  `dateTime` TIMESTAMP(3),
  `value` STRING
) WITH ('connector' = 'blackhole');

CREATE TEMPORARY VIEW bid_read AS SELECT *, PROCTIME() AS p_time FROM bid;

INSERT INTO nexmark_q13
SELECT B.auction, B.bidder, B.price, B.`dateTime`, S.`value`
FROM bid_read B
JOIN side_input FOR SYSTEM_TIME AS OF B.p_time AS S
ON MOD(B.auction, 10000) = S.key;
