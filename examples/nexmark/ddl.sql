-- The Nexmark benchmark's source and views: persons, auctions and bids of an online auction site.
-- Run a query with this script first:
--
--   ./sluice run -i examples/nexmark/ddl.sql examples/nexmark/q0.sql
--
-- NEXMARK_EVENTS (default 100000) sets the number of events, NEXMARK_SEED (default 1) makes them
-- reproducible, NEXMARK_RATE (default 10000) is how many events fall into one second of event time.
-- The events are generated as fast as the job reads them, with event times as if they arrived at
-- that rate: 100,000 events span 10 seconds of event time.

CREATE TABLE nexmark (
    event_type INT,
    person ROW<
        id BIGINT,
        name STRING,
        emailAddress STRING,
        creditCard STRING,
        city STRING,
        state STRING,
        `dateTime` TIMESTAMP(3),
        extra STRING>,
    auction ROW<
        id BIGINT,
        itemName STRING,
        description STRING,
        initialBid BIGINT,
        reserve BIGINT,
        `dateTime` TIMESTAMP(3),
        expires TIMESTAMP(3),
        seller BIGINT,
        category BIGINT,
        extra STRING>,
    bid ROW<
        auction BIGINT,
        bidder BIGINT,
        price BIGINT,
        channel STRING,
        url STRING,
        `dateTime` TIMESTAMP(3),
        extra STRING>,
    `dateTime` AS
        CASE
            WHEN event_type = 0 THEN person.`dateTime`
            WHEN event_type = 1 THEN auction.`dateTime`
            ELSE bid.`dateTime`
        END,
    WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH (
    'connector' = 'nexmark',
    'first-event.rate' = '${NEXMARK_RATE:-10000}',
    'events.num' = '${NEXMARK_EVENTS:-100000}',
    'seed' = '${NEXMARK_SEED:-1}'
);

CREATE VIEW person AS
SELECT person.id, person.name, person.emailAddress, person.creditCard, person.city, person.state,
       `dateTime`, person.extra
FROM nexmark WHERE event_type = 0;

CREATE VIEW auction AS
SELECT auction.id, auction.itemName, auction.description, auction.initialBid, auction.reserve,
       `dateTime`, auction.expires, auction.seller, auction.category, auction.extra
FROM nexmark WHERE event_type = 1;

CREATE VIEW bid AS
SELECT bid.auction, bid.bidder, bid.price, bid.channel, bid.url, `dateTime`, bid.extra
FROM nexmark WHERE event_type = 2;
