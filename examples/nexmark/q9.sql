-- Nexmark q9, winning bids: for every auction, its highest bid within the auction's open time
-- (the earliest one on a tie). A Top-1 per auction: it updates as higher bids arrive.
CREATE TABLE nexmark_q9 (
  id BIGINT,
  itemName STRING,
  description STRING,
  initialBid BIGINT,
  reserve BIGINT,
  `dateTime` TIMESTAMP(3),
  expires TIMESTAMP(3),
  seller BIGINT,
  category BIGINT,
  extra STRING,
  auction BIGINT,
  bidder BIGINT,
  price BIGINT,
  bid_dateTime TIMESTAMP(3),
  bid_extra STRING
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q9
SELECT id, itemName, description, initialBid, reserve, `dateTime`, expires, seller, category, extra,
       auction, bidder, price, bid_dateTime, bid_extra
FROM (
  SELECT A.*, B.auction, B.bidder, B.price, B.`dateTime` AS bid_dateTime, B.extra AS bid_extra,
    ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC, B.`dateTime` ASC) AS rownum
  FROM auction A, bid B
  WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
)
WHERE rownum <= 1;
