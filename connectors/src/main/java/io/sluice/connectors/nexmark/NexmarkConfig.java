package io.sluice.connectors.nexmark;

/**
 * The arithmetic of the Nexmark event stream, a pure function of the event number: which kind of event
 * comes next (persons, auctions and bids interleave by their proportions), the ids that exist by then,
 * and each event's time ({@code baseTime} plus one inter-event delay per event at {@code eventsPerSecond}).
 *
 * @param hotAuctionRatio 1 in this many bids goes to a random in-flight auction, the others to a hot one
 * @param hotBidderRatio  1 in this many bids comes from a random active person, the others from a hot bidder
 * @param hotSellerRatio  1 in this many auctions comes from a random active person, the others from a hot seller
 */
record NexmarkConfig(int personProportion, int auctionProportion, int bidProportion, long baseTimeMillis,
                     double eventsPerSecond, int avgPersonBytes, int avgAuctionBytes, int avgBidBytes,
                     int hotAuctionRatio, int hotBidderRatio, int hotSellerRatio) {
    /** Ids start here, so that even a short stream has bids for existing auctions and people. */
    static final long FIRST_PERSON_ID = 1000;
    static final long FIRST_AUCTION_ID = 1000;
    static final long FIRST_CATEGORY_ID = 10;
    /** Auctions still open at any time; bids go to one of them. */
    static final int IN_FLIGHT_AUCTIONS = 100;
    /** People who bid and sell at any time: the most recent ones. */
    static final int ACTIVE_PEOPLE = 1000;
    /** Ids a little ahead of the newest, so that some bids and auctions name people and auctions not created yet. */
    static final int ID_LEAD = 10;

    int totalProportion() {
        return personProportion + auctionProportion + bidProportion;
    }

    EventKind kindOf(long eventNumber) {
        long offset = eventNumber % totalProportion();
        if (offset < personProportion) {
            return EventKind.PERSON;
        }
        return offset < personProportion + auctionProportion ? EventKind.AUCTION : EventKind.BID;
    }

    /** Milliseconds since the epoch of event {@code eventNumber}. */
    long timestampOf(long eventNumber) {
        return baseTimeMillis + (long) (eventNumber * (1000.0 / eventsPerSecond));
    }

    /** The newest person id (from 0) at {@code eventNumber}: the event's own when it is a person. */
    long lastPersonId(long eventNumber) {
        long epoch = eventNumber / totalProportion();
        long offset = Math.min(eventNumber % totalProportion(), personProportion - 1);
        return epoch * personProportion + offset;
    }

    /** The newest auction id (from 0) at {@code eventNumber}: the event's own when it is an auction. */
    long lastAuctionId(long eventNumber) {
        long epoch = eventNumber / totalProportion();
        long offset = eventNumber % totalProportion();
        if (offset < personProportion) {
            epoch--;
            offset = auctionProportion - 1;
        } else if (offset >= personProportion + auctionProportion) {
            offset = auctionProportion - 1;
        } else {
            offset -= personProportion;
        }
        return epoch * auctionProportion + offset;
    }

    /** How long after {@code eventNumber}'s time the auction {@link #IN_FLIGHT_AUCTIONS} ahead is created. */
    long inFlightHorizonMillis(long eventNumber) {
        long eventsAhead = (long) IN_FLIGHT_AUCTIONS * totalProportion() / auctionProportion;
        return timestampOf(eventNumber + eventsAhead) - timestampOf(eventNumber);
    }

    enum EventKind { PERSON, AUCTION, BID }
}
