-- Nexmark q23, multi-way join: each bid with its bidder and the auctions the bidder sells.
CREATE TABLE nexmark_q23 (
  bidder BIGINT,
  price BIGINT,
  channel STRING,
  url STRING,
  bid_extra STRING,
  person_id BIGINT,
  name STRING,
  emailAddress STRING,
  creditCard STRING,
  city STRING,
  state STRING,
  person_extra STRING,
  itemName STRING,
  description STRING,
  initialBid BIGINT,
  reserve BIGINT,
  auction_dateTime TIMESTAMP(3),
  expires TIMESTAMP(3),
  seller BIGINT,
  category BIGINT,
  auction_extra STRING
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q23
SELECT bidder, price, channel, url, B.extra AS bid_extra,
       P.id AS person_id, name, emailAddress, creditCard, city, state, P.extra AS person_extra,
       itemName, description, initialBid, reserve, A.`dateTime` AS auction_dateTime, expires, seller,
       category, A.extra AS auction_extra
FROM bid B
JOIN person P ON P.id = B.bidder
JOIN auction A ON A.seller = B.bidder;
