package io.sluice.connectors.nexmark;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.connectors.generator.RowRandom;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Generates Nexmark events as rows {@code (event_type, person, auction, bid)}: event_type 0, 1 or 2 and
 * the one ROW of that kind, the others NULL. Every value is a pure function of the seed and the event
 * number, so any subtask can generate any event, again after a restore. The distributions are the
 * benchmark's: a few US states and cities, five categories, prices log-uniform between 1 and 1,000,000
 * dollars (in cents), most bids on hot auctions by hot bidders, half of them through four hot channels.
 */
final class NexmarkEvents {
    private static final String[] STATES = {"AZ", "CA", "ID", "OR", "WA", "WY"};
    private static final String[] CITIES = {"Phoenix", "Los Angeles", "San Francisco", "Boise", "Portland", "Bend",
        "Redmond", "Seattle", "Kent", "Cheyenne"};
    private static final String[] FIRST_NAMES = {"Peter", "Paul", "Luke", "John", "Saul", "Vicky", "Kate", "Julie",
        "Sarah", "Deiter", "Walter"};
    private static final String[] LAST_NAMES = {"Shultz", "Abrams", "Spencer", "White", "Bartels", "Walton", "Smith",
        "Jones", "Noris"};
    private static final int CATEGORIES = 5;
    /** Hot sellers, bidders and auctions are the first of each batch of this many. */
    private static final int HOT_BATCH = 100;

    private final NexmarkConfig config;
    private final RowRandom random;
    private final BidChannels channels;
    private final RandomText text;

    NexmarkEvents(NexmarkConfig config, long seed) {
        this.config = config;
        this.random = new RowRandom(seed);
        this.channels = new BidChannels(seed);
        this.text = new RandomText(seed);
    }

    Row event(long eventNumber) {
        random.startRow(eventNumber);
        long timestamp = config.timestampOf(eventNumber);
        return switch (config.kindOf(eventNumber)) {
            case PERSON -> Row.of(RowKind.INSERT, 0, person(eventNumber, timestamp), null, null);
            case AUCTION -> Row.of(RowKind.INSERT, 1, null, auction(eventNumber, timestamp), null);
            case BID -> Row.of(RowKind.INSERT, 2, null, null, bid(eventNumber, timestamp));
        };
    }

    /** {@code (id, name, emailAddress, creditCard, city, state, dateTime, extra)}. */
    private Object[] person(long eventNumber, long timestamp) {
        long id = config.lastPersonId(eventNumber) + NexmarkConfig.FIRST_PERSON_ID;
        String name = pick(FIRST_NAMES) + " " + pick(LAST_NAMES);
        String email = text.word(random, 7) + "@" + text.word(random, 5) + ".com";
        String creditCard = String.format("%04d %04d %04d %04d", random.nextLong(0, 9999), random.nextLong(0, 9999),
                random.nextLong(0, 9999), random.nextLong(0, 9999));
        String city = pick(CITIES);
        String state = pick(STATES);
        int size = 8 + name.length() + email.length() + creditCard.length() + city.length() + state.length();
        return new Object[] {id, name, email, creditCard, city, state, time(timestamp),
            text.extra(random, size, config.avgPersonBytes())};
    }

    /** {@code (id, itemName, description, initialBid, reserve, dateTime, expires, seller, category, extra)}. */
    private Object[] auction(long eventNumber, long timestamp) {
        long id = config.lastAuctionId(eventNumber) + NexmarkConfig.FIRST_AUCTION_ID;
        long seller = random.nextLong(0, config.hotSellerRatio() - 1) > 0
                ? (config.lastPersonId(eventNumber) / HOT_BATCH) * HOT_BATCH
                : activePerson(eventNumber);
        long category = NexmarkConfig.FIRST_CATEGORY_ID + random.nextLong(0, CATEGORIES - 1);
        long initialBid = price();
        long expires = timestamp + 1 + random.nextLong(0, Math.max(config.inFlightHorizonMillis(eventNumber) * 2, 1) - 1);
        String itemName = text.word(random, 20);
        String description = text.word(random, 100);
        long reserve = initialBid + price();
        int size = 8 + itemName.length() + description.length() + 8 + 8 + 8 + 8 + 8;
        return new Object[] {id, itemName, description, initialBid, reserve, time(timestamp), time(expires),
            seller + NexmarkConfig.FIRST_PERSON_ID, category, text.extra(random, size, config.avgAuctionBytes())};
    }

    /** {@code (auction, bidder, price, channel, url, dateTime, extra)}. */
    private Object[] bid(long eventNumber, long timestamp) {
        long auction = random.nextLong(0, config.hotAuctionRatio() - 1) > 0
                ? (config.lastAuctionId(eventNumber) / HOT_BATCH) * HOT_BATCH
                : inFlightAuction(eventNumber);
        // The second person of a batch, so that hot bidders are not the hot sellers.
        long bidder = random.nextLong(0, config.hotBidderRatio() - 1) > 0
                ? (config.lastPersonId(eventNumber) / HOT_BATCH) * HOT_BATCH + 1
                : activePerson(eventNumber);
        long price = price();
        int channel = channels.next(random);
        return new Object[] {auction + NexmarkConfig.FIRST_AUCTION_ID, bidder + NexmarkConfig.FIRST_PERSON_ID, price,
            channels.name(channel), channels.url(channel), time(timestamp), text.extra(random, 32, config.avgBidBytes())};
    }

    /** One of the most recent {@link NexmarkConfig#ACTIVE_PEOPLE} people, or a few not created yet. */
    private long activePerson(long eventNumber) {
        long people = config.lastPersonId(eventNumber) + 1;
        long active = Math.min(people, NexmarkConfig.ACTIVE_PEOPLE);
        return people - active + random.nextLong(0, active + NexmarkConfig.ID_LEAD - 1);
    }

    /** One of the auctions likely still open, or a few not created yet. */
    private long inFlightAuction(long eventNumber) {
        long newest = config.lastAuctionId(eventNumber);
        long oldest = Math.max(newest - NexmarkConfig.IN_FLIGHT_AUCTIONS, 0);
        return oldest + random.nextLong(0, newest - oldest + NexmarkConfig.ID_LEAD);
    }

    /** Cents, log-uniform between 100 and 100,000,000. */
    private long price() {
        return Math.round(Math.pow(10.0, random.nextDouble() * 6.0) * 100.0);
    }

    private String pick(String[] values) {
        return values[(int) random.nextLong(0, values.length - 1)];
    }

    /** Without going through an Instant: {@code ZoneOffset.getRules()} would build new rules per event. */
    private static LocalDateTime time(long epochMillis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000),
                (int) Math.floorMod(epochMillis, 1000) * 1_000_000, ZoneOffset.UTC);
    }
}
