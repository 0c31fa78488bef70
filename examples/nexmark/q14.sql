-- Nexmark q14, calculation: bids above a price, classified by the time of day, with the number
-- of 'c' characters in their extra field, counted by a user-defined function. Its class is in
-- examples/functions; build it and put its jar on the classpath:
--
--   mvn -q -f examples/functions/pom.xml package
--   SLUICE_CLASSPATH=examples/functions/target/sluice-example-functions-0.1.0-SNAPSHOT.jar \
--     ./sluice run -i examples/nexmark/ddl.sql examples/nexmark/q14.sql
CREATE FUNCTION count_char AS 'io.sluice.examples.functions.CountChar';

CREATE TABLE nexmark_q14 (
  auction BIGINT,
  bidder BIGINT,
  price DECIMAL(23, 3),
  bidTimeType STRING,
  `dateTime` TIMESTAMP(3),
  extra STRING,
  c_counts BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q14
SELECT auction, bidder, 0.908 * price AS price,
  CASE
    WHEN HOUR(`dateTime`) >= 8 AND HOUR(`dateTime`) <= 18 THEN 'dayTime'
    WHEN HOUR(`dateTime`) <= 6 OR HOUR(`dateTime`) >= 20 THEN 'nightTime'
    ELSE 'otherTime'
  END AS bidTimeType,
  `dateTime`, extra,
  count_char(extra, 'c') AS c_counts
FROM bid
WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000;
