package io.sluice.kafka;

import io.sluice.api.options.ConfigOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Where reading starts or ends, as the options say it: a mode, with its timestamp or its offsets per
 * partition ({@code partition:0,offset:42;partition:1,offset:300}).
 *
 * @param mode      the startup or bounded mode
 * @param timestamp epoch milliseconds, for the timestamp mode
 * @param offsets   offset by partition number, for the specific-offsets mode
 */
record OffsetSpec<M extends Enum<M>>(M mode, Long timestamp, Map<Integer, Long> offsets) {

    static OffsetSpec<StartupMode> startup(KafkaTable table) {
        if (table.isUpsert()) {
            return new OffsetSpec<>(StartupMode.EARLIEST_OFFSET, null, Map.of());
        }
        return of(table, KafkaOptions.SCAN_STARTUP_MODE, KafkaOptions.SCAN_STARTUP_TIMESTAMP,
                KafkaOptions.SCAN_STARTUP_SPECIFIC_OFFSETS);
    }

    static OffsetSpec<BoundedMode> bounded(KafkaTable table) {
        return of(table, KafkaOptions.SCAN_BOUNDED_MODE, KafkaOptions.SCAN_BOUNDED_TIMESTAMP,
                KafkaOptions.SCAN_BOUNDED_SPECIFIC_OFFSETS);
    }

    private static <M extends Enum<M>> OffsetSpec<M> of(KafkaTable table, ConfigOption<M> modeOption,
                                                        ConfigOption<Long> timestampOption,
                                                        ConfigOption<String> offsetsOption) {
        M mode = table.options().get(modeOption);
        Long timestamp = table.options().get(timestampOption);
        String offsets = table.options().get(offsetsOption);
        boolean timestampMode = mode.name().equals("TIMESTAMP");
        boolean offsetsMode = mode.name().equals("SPECIFIC_OFFSETS");
        if (timestampMode != (timestamp != null)) {
            throw table.error(timestampMode ? "'" + modeOption.key() + "' = 'timestamp' needs option '"
                    + timestampOption.key() + "'" : "option '" + timestampOption.key() + "' needs '"
                    + modeOption.key() + "' = 'timestamp'");
        }
        if (offsetsMode != (offsets != null)) {
            throw table.error(offsetsMode ? "'" + modeOption.key() + "' = 'specific-offsets' needs option '"
                    + offsetsOption.key() + "'" : "option '" + offsetsOption.key() + "' needs '"
                    + modeOption.key() + "' = 'specific-offsets'");
        }
        if (mode.name().equals("GROUP_OFFSETS") && table.options().get(KafkaOptions.GROUP_ID) == null) {
            throw table.error("'" + modeOption.key() + "' = 'group-offsets'" + (modeOption == KafkaOptions
                    .SCAN_STARTUP_MODE && !table.options().contains(modeOption) ? " (the default)" : "")
                    + " needs option 'properties.group.id'; or read from 'earliest-offset'");
        }
        return new OffsetSpec<>(mode, timestamp, offsets == null ? Map.of() : parse(table, offsetsOption, offsets));
    }

    private static Map<Integer, Long> parse(KafkaTable table, ConfigOption<String> option, String text) {
        Map<Integer, Long> offsets = new HashMap<>();
        for (String entry : text.split(";")) {
            String[] parts = entry.strip().split(",");
            if (parts.length != 2 || !parts[0].strip().startsWith("partition:") || !parts[1].strip()
                    .startsWith("offset:")) {
                throw table.error("option '" + option.key() + "': '" + entry.strip() + "' is not of the form "
                        + "partition:0,offset:42");
            }
            try {
                offsets.put(Integer.parseInt(parts[0].strip().substring("partition:".length()).strip()),
                        Long.parseLong(parts[1].strip().substring("offset:".length()).strip()));
            } catch (NumberFormatException e) {
                throw table.error("option '" + option.key() + "': '" + entry.strip() + "' has a partition or offset "
                        + "that is not a number");
            }
        }
        return offsets;
    }
}
