-- Nexmark q11, user sessions: how many bids each bidder makes in a session, a session ending after
-- 10 seconds without a bid. Written with the SESSION window table function.
CREATE TABLE nexmark_q11 (
  bidder BIGINT,
  bid_count BIGINT,
  starttime TIMESTAMP(3),
  endtime TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q11
SELECT B.bidder, COUNT(*) AS bid_count, B.window_start AS starttime, B.window_end AS endtime
FROM TABLE(SESSION(TABLE bid PARTITION BY bidder, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND)) B
GROUP BY B.bidder, B.window_start, B.window_end;
