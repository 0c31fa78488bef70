package io.sluice.connectors.nexmark;

import io.sluice.connectors.generator.RowRandom;

/**
 * The channels bids come through and their URLs: half of all bids through four hot channels (Google,
 * Facebook, Baidu, Apple), the rest through one of 10,000 others named {@code channel-N}, nine in ten
 * of whose URLs carry a {@code channel_id} parameter. The URLs are fixed by the seed.
 */
final class BidChannels {
    private static final String[] HOT_CHANNELS = {"Google", "Facebook", "Baidu", "Apple"};
    private static final int OTHER_CHANNELS = 10_000;

    private final String[] names = new String[HOT_CHANNELS.length + OTHER_CHANNELS];
    private final String[] urls = new String[names.length];

    BidChannels(long seed) {
        RowRandom random = new RowRandom(seed);
        random.startRow(-1);
        RandomText text = new RandomText(seed);
        for (int i = 0; i < names.length; i++) {
            boolean hot = i < HOT_CHANNELS.length;
            int other = i - HOT_CHANNELS.length;
            names[i] = hot ? HOT_CHANNELS[i] : "channel-" + other;
            String url = "https://www.nexmark.com/" + text.word(random, 5, '_') + '/' + text.word(random, 5, '_')
                    + '/' + text.word(random, 5, '_') + '/' + "item.htm?query=1";
            urls[i] = !hot && random.nextLong(0, 9) > 0 ? url + "&channel_id=" + Math.abs(Integer.reverse(other)) : url;
        }
    }

    /** A channel's index: a hot one for half of the draws. */
    int next(RowRandom random) {
        return random.nextBoolean()
                ? (int) random.nextLong(0, HOT_CHANNELS.length - 1)
                : HOT_CHANNELS.length + (int) random.nextLong(0, OTHER_CHANNELS - 1);
    }

    String name(int channel) {
        return names[channel];
    }

    String url(int channel) {
        return urls[channel];
    }
}
