package io.sluice.experiments;

/**
 * A time the observer saw the key absent after it had been present: from the first poll that missed
 * it to the first poll that saw it again (or to the last poll, if it never came back). The absence
 * itself is shorter by up to one poll interval at either end.
 */
record Gap(long startMicros, long endMicros) {

    double millis() {
        return (endMicros - startMicros) / 1000.0;
    }
}
