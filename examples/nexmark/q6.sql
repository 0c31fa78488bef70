-- Nexmark q6, average selling price by seller: for each auction, the average final price of its
-- seller's auctions up to it (by closing time), over the auction and the 10 before it. An auction's
-- final price is its highest bid within its time; every higher bid changes it, so the OVER aggregate
-- reads an updating input: it takes back the averages the old price was part of and emits them anew.
-- Flink runs OVER aggregates over insert-only input only, so it cannot run this query.
CREATE TABLE nexmark_q6 (
  seller BIGINT,
  auction BIGINT,
  avg_price BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q6
SELECT Q.seller, Q.id AS auction,
  AVG(Q.final) OVER (PARTITION BY Q.seller ORDER BY Q.expires, Q.id ROWS BETWEEN 10 PRECEDING AND CURRENT ROW)
FROM (
  SELECT A.id, A.seller, MAX(A.expires) AS expires, MAX(B.price) AS final
  FROM auction AS A JOIN bid AS B ON A.id = B.auction
  WHERE B.`dateTime` BETWEEN A.`dateTime` AND A.expires
  GROUP BY A.id, A.seller
) AS Q;
