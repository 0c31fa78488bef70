package io.sluice.connectors.nexmark;

import io.sluice.connectors.generator.RowRandom;

/**
 * Random words and padding for Nexmark events. Padding ({@code extra}) brings an event to its average
 * size with a slice of one long random text, so that generating it costs a copy, not a random draw per
 * character.
 */
final class RandomText {
    private static final int MIN_WORD_LENGTH = 3;
    private static final int PADDING_SOURCE_LENGTH = 1 << 20;

    private final String paddingSource;

    RandomText(long seed) {
        RowRandom random = new RowRandom(seed);
        random.startRow(-2);
        char[] letters = new char[PADDING_SOURCE_LENGTH];
        for (int i = 0; i < letters.length; i++) {
            letters[i] = (char) ('a' + random.nextLong(0, 25));
        }
        paddingSource = new String(letters);
    }

    /** Lower-case letters with an occasional space, 3 to {@code maxLength - 1} long before trimming. */
    String word(RowRandom random, int maxLength) {
        return word(random, maxLength, ' ');
    }

    String word(RowRandom random, int maxLength, char special) {
        int length = MIN_WORD_LENGTH + (int) random.nextLong(0, maxLength - MIN_WORD_LENGTH - 1);
        char[] word = new char[length];
        for (int i = 0; i < length; i++) {
            word[i] = random.nextLong(0, 12) == 0 ? special : (char) ('a' + random.nextLong(0, 25));
        }
        return new String(word).trim();
    }

    /** Padding that brings an event of {@code currentSize} bytes to about {@code averageSize} (within 20%). */
    String extra(RowRandom random, int currentSize, int averageSize) {
        if (currentSize > averageSize) {
            return "";
        }
        int wanted = averageSize - currentSize;
        int delta = (int) Math.round(wanted * 0.2);
        int size = wanted - delta + (delta == 0 ? 0 : (int) random.nextLong(0, 2L * delta - 1));
        int offset = (int) random.nextLong(0, PADDING_SOURCE_LENGTH - size - 1);
        return paddingSource.substring(offset, offset + size);
    }
}
