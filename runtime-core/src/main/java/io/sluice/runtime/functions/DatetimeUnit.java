package io.sluice.runtime.functions;

/** The units that {@code FLOOR(datetime TO unit)} and {@code CEIL(datetime TO unit)} round to. */
public enum DatetimeUnit {
    MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR
}
