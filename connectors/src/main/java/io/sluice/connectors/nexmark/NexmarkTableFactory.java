package io.sluice.connectors.nexmark;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.connectors.datagen.DataGenTableFactory;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code nexmark} connector: the Nexmark benchmark's stream of persons, auctions and bids, with the
 * options of Flink's nexmark connector. Event times start when the job starts and advance by
 * {@code 1 / first-event.rate} per event, whether or not the events are emitted at that rate. With
 * {@code seed} set, a run is reproducible: the same events with times counted from
 * {@link DataGenTableFactory#SEEDED_ANCHOR}.
 */
public final class NexmarkTableFactory implements DynamicTableFactory {
    public static final ConfigOption<Integer> FIRST_EVENT_RATE = ConfigOption.intOption("first-event.rate")
            .defaultValue(10_000).description("Events per second of event time (and of wall-clock time with "
                    + "'rate.limited').").build();
    public static final ConfigOption<Integer> NEXT_EVENT_RATE = ConfigOption.intOption("next-event.rate")
            .defaultValue(10_000).description("Accepted as Flink's nexmark connector does, which times events "
                    + "by 'first-event.rate' alone.").build();
    public static final ConfigOption<Long> EVENTS_NUM = ConfigOption.longOption("events.num").defaultValue(0L)
            .description("The number of events; 0 for an endless stream.").build();
    public static final ConfigOption<Integer> PERSON_PROPORTION = ConfigOption.intOption("person.proportion")
            .defaultValue(1).description("Persons among every (person + auction + bid proportion) events.").build();
    public static final ConfigOption<Integer> AUCTION_PROPORTION = ConfigOption.intOption("auction.proportion")
            .defaultValue(3).description("Auctions among every (person + auction + bid proportion) events.").build();
    public static final ConfigOption<Integer> BID_PROPORTION = ConfigOption.intOption("bid.proportion")
            .defaultValue(46).description("Bids among every (person + auction + bid proportion) events.").build();
    public static final ConfigOption<Long> PERSON_AVG_SIZE = ConfigOption.memoryOption("person.avg-size")
            .defaultValue(200L).description("Average size of a person; 'extra' pads it.").build();
    public static final ConfigOption<Long> AUCTION_AVG_SIZE = ConfigOption.memoryOption("auction.avg-size")
            .defaultValue(500L).description("Average size of an auction; 'extra' pads it.").build();
    public static final ConfigOption<Long> BID_AVG_SIZE = ConfigOption.memoryOption("bid.avg-size")
            .defaultValue(100L).description("Average size of a bid; 'extra' pads it.").build();
    public static final ConfigOption<Integer> HOT_AUCTIONS = ConfigOption.intOption("bid.hot-ratio.auctions")
            .defaultValue(2).description("1 in this many bids goes to a random open auction, the rest to hot ones.")
            .build();
    public static final ConfigOption<Integer> HOT_BIDDERS = ConfigOption.intOption("bid.hot-ratio.bidders")
            .defaultValue(4).description("1 in this many bids comes from a random person, the rest from hot bidders.")
            .build();
    public static final ConfigOption<Integer> HOT_SELLERS = ConfigOption.intOption("auction.hot-ratio.sellers")
            .defaultValue(4).description("1 in this many auctions comes from a random person, the rest from hot "
                    + "sellers.").build();
    public static final ConfigOption<Boolean> RATE_LIMITED = ConfigOption.booleanOption("rate.limited")
            .defaultValue(false).description("Emit at 'first-event.rate' in wall-clock time instead of as fast "
                    + "as the job reads.").build();
    public static final ConfigOption<Long> SEED = ConfigOption.longOption("seed")
            .description("Makes the events reproducible (not in Flink's connector).").build();

    @Override
    public String identifier() {
        return "nexmark";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(FIRST_EVENT_RATE, NEXT_EVENT_RATE, EVENTS_NUM, PERSON_PROPORTION, AUCTION_PROPORTION,
                BID_PROPORTION, PERSON_AVG_SIZE, AUCTION_AVG_SIZE, BID_AVG_SIZE, HOT_AUCTIONS, HOT_BIDDERS,
                HOT_SELLERS, RATE_LIMITED, SEED);
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        TableOptions options = context.options();
        NexmarkSchema.check(context.table().toString(), context.schema());
        Long seed = options.get(SEED);
        long baseTime = seed == null ? System.currentTimeMillis() : DataGenTableFactory.SEEDED_ANCHOR.toEpochMilli();
        NexmarkConfig config = new NexmarkConfig(atLeast(options, PERSON_PROPORTION, 1),
                atLeast(options, AUCTION_PROPORTION, 1), atLeast(options, BID_PROPORTION, 1), baseTime,
                atLeast(options, FIRST_EVENT_RATE, 1), size(options, PERSON_AVG_SIZE), size(options, AUCTION_AVG_SIZE),
                size(options, BID_AVG_SIZE), atLeast(options, HOT_AUCTIONS, 1), atLeast(options, HOT_BIDDERS, 1),
                atLeast(options, HOT_SELLERS, 1));
        atLeast(options, NEXT_EVENT_RATE, 1);
        long events = options.get(EVENTS_NUM);
        if (events < 0) {
            throw invalid(options, EVENTS_NUM, events, "must be 0 (endless) or more");
        }
        return new NexmarkSource(config, seed != null ? seed : ThreadLocalRandom.current().nextLong(),
                events == 0 ? Long.MAX_VALUE : events, options.get(RATE_LIMITED));
    }

    private static int atLeast(TableOptions options, ConfigOption<Integer> option, int least) {
        int value = options.get(option);
        if (value < least) {
            throw invalid(options, option, value, "must be at least " + least);
        }
        return value;
    }

    /** An average size; the padding that makes it up comes from a 1 MiB text, so at most half of that. */
    private static int size(TableOptions options, ConfigOption<Long> option) {
        long bytes = options.get(option);
        if (bytes < 0 || bytes > 1 << 19) {
            throw invalid(options, option, bytes, "must be between 0 and 512 kb");
        }
        return (int) bytes;
    }

    private static ValidationException invalid(TableOptions options, ConfigOption<?> option, Object value,
                                               String problem) {
        return new ValidationException("Table '" + options.table() + "': option '" + option.key() + "' = '"
                + value + "' " + problem);
    }
}
