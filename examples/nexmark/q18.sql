-- Nexmark q18, last bid: each bidder's latest bid on each auction (deduplication keeping the last row).
CREATE TABLE nexmark_q18 (
  auction BIGINT,
  bidder BIGINT,
  price BIGINT,
  channel STRING,
  url STRING,
  `dateTime` TIMESTAMP(3),
  extra STRING
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q18
SELECT auction, bidder, price, channel, url, `dateTime`, extra
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY bidder, auction ORDER BY `dateTime` DESC) AS rank_number
      FROM bid)
WHERE rank_number <= 1;
