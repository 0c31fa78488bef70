-- Nexmark q10, log to a file system: each bid with its day and minute, as partitioned files
-- would be named.
CREATE TABLE nexmark_q10 (
  auction BIGINT,
  bidder BIGINT,
  price BIGINT,
  `dateTime` TIMESTAMP(3),
  extra STRING,
  dt STRING,
  hm STRING
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q10
SELECT auction, bidder, price, `dateTime`, extra,
       DATE_FORMAT(`dateTime`, 'yyyy-MM-dd'), DATE_FORMAT(`dateTime`, 'HH:mm')
FROM bid;
