-- Nexmark q4, average price per category: the winning (highest) bid of each auction within its
-- open time, averaged per category. The inner aggregate updates as bids arrive, so the outer one
-- retracts its old contribution: the result is an updating changelog.
CREATE TABLE nexmark_q4 (
  id BIGINT,
  final BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q4
SELECT Q.category, AVG(Q.final)
FROM (
    SELECT MAX(B.price) AS final, A.category
    FROM auction A, bid B
    WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
    GROUP BY A.id, A.category
) Q
GROUP BY Q.category;
