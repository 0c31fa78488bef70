package io.sluice.formats.cdc;

import io.sluice.api.format.FormatContext;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.options.ConfigOption;
import java.util.Set;

/** {@code 'format' = 'debezium-json'}: Debezium's change events, with or without the schema included. */
public final class DebeziumJsonFormatFactory extends CdcJsonFormatFactory {
    public static final ConfigOption<Boolean> SCHEMA_INCLUDE = ConfigOption.booleanOption("schema-include")
            .defaultValue(false)
            .description("The events were written with Kafka Connect's schemas enabled: each sits in 'payload'")
            .build();

    public DebeziumJsonFormatFactory() {
        super("debezium-json", ChangeEventEncoder.Style.DEBEZIUM);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = super.optionalOptions();
        options.add(option(SCHEMA_INCLUDE));
        return options;
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        return new DebeziumJsonDecoder(context.columns(), values(context), ignoreParseErrors(context),
                context.get(option(SCHEMA_INCLUDE)), context.updateBeforeRequired());
    }
}
