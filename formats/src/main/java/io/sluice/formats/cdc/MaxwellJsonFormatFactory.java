package io.sluice.formats.cdc;

import io.sluice.api.format.FormatContext;
import io.sluice.api.format.RowDecoder;

/** {@code 'format' = 'maxwell-json'}: Maxwell's change messages. */
public final class MaxwellJsonFormatFactory extends CdcJsonFormatFactory {

    public MaxwellJsonFormatFactory() {
        super("maxwell-json", ChangeEventEncoder.Style.MAXWELL);
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        return new MaxwellJsonDecoder(context.columns(), values(context), ignoreParseErrors(context));
    }
}
