package io.sluice.formats.json;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.ConfigOption;
import java.util.Set;

/**
 * {@code 'format' = 'json'}: one JSON object per message, members named as the columns, read and
 * written as inserts. Writing an update or a delete is refused by the planner (the format is
 * insert-only); use {@code debezium-json} or {@code upsert-kafka} for changelogs.
 */
public final class JsonFormatFactory implements FormatFactory {
    static final String IDENTIFIER = "json";

    public static final ConfigOption<Boolean> FAIL_ON_MISSING_FIELD = ConfigOption
            .booleanOption("fail-on-missing-field").defaultValue(false)
            .description("Fail on a message that lacks a column's member, instead of reading NULL").build();

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(JsonOptions.prefixed(IDENTIFIER, FAIL_ON_MISSING_FIELD),
                JsonOptions.prefixed(IDENTIFIER, JsonOptions.IGNORE_PARSE_ERRORS),
                JsonOptions.prefixed(IDENTIFIER, JsonOptions.TIMESTAMP_FORMAT));
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        boolean failOnMissingField = JsonOptions.get(context, IDENTIFIER, FAIL_ON_MISSING_FIELD);
        JsonValues values = new JsonValues(failOnMissingField,
                JsonOptions.get(context, IDENTIFIER, JsonOptions.TIMESTAMP_FORMAT));
        return new JsonRowDecoder(context.columns(), values,
                JsonOptions.get(context, IDENTIFIER, JsonOptions.IGNORE_PARSE_ERRORS), failOnMissingField);
    }

    @Override
    public RowEncoder createEncoder(FormatContext context) {
        JsonValues values = new JsonValues(false, JsonOptions.get(context, IDENTIFIER, JsonOptions.TIMESTAMP_FORMAT));
        return new JsonRowEncoder(context.columns(), values) {
            @Override
            public byte[] encode(Row row) {
                if (row.kind() != RowKind.INSERT && row.kind() != RowKind.UPDATE_AFTER) {
                    return null;
                }
                return bytes(values.writeFields(row.fields(), names, types));
            }
        };
    }
}
