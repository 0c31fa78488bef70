-- Nexmark q12, processing-time windows: how many bids each bidder makes in each 10 seconds of the
-- wall clock, whatever the bids' own times. PROCTIME() is the time a bid is read.
CREATE TABLE nexmark_q12 (
  bidder BIGINT,
  bid_count BIGINT,
  starttime TIMESTAMP(3),
  endtime TIMESTAMP(3)
) WITH ('connector' = 'blackhole');

CREATE TEMPORARY VIEW bid_read AS SELECT *, PROCTIME() AS p_time FROM bid;

INSERT INTO nexmark_q12
SELECT B.bidder, COUNT(*) AS bid_count, B.window_start AS starttime, B.window_end AS endtime
FROM TABLE(TUMBLE(TABLE bid_read, DESCRIPTOR(p_time), INTERVAL '10' SECOND)) B
GROUP BY B.bidder, B.window_start, B.window_end;
