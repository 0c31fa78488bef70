package io.sluice.runtime.operators.aggregate;

import io.sluice.runtime.operators.OperatorContext.ProcessingClock;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Processing-time expiry of keyed state ({@code table.exec.state.ttl}): a key not written for longer
 * than the TTL counts as absent. Disabled (and allocation-free) when the TTL is 0.
 */
final class StateTimeToLive {
    private final long ttlMillis;
    private final ProcessingClock clock;
    private final Map<Object, Long> lastWrites = new HashMap<>();

    StateTimeToLive(long ttlMillis, ProcessingClock clock) {
        this.ttlMillis = ttlMillis;
        this.clock = clock;
    }

    boolean enabled() {
        return ttlMillis > 0;
    }

    boolean expired(Object key) {
        if (!enabled()) {
            return false;
        }
        Long written = lastWrites.get(key);
        return written != null && clock.currentTimeMillis() - written > ttlMillis;
    }

    void touch(Object key) {
        if (enabled()) {
            lastWrites.put(key, clock.currentTimeMillis());
        }
    }

    void forget(Object key) {
        if (enabled()) {
            lastWrites.remove(key);
        }
    }

    HashMap<Object, Long> snapshot(Collection<Object> liveKeys) {
        HashMap<Object, Long> saved = new HashMap<>();
        for (Object key : liveKeys) {
            Long written = lastWrites.get(key);
            if (written != null) {
                saved.put(key, written);
            }
        }
        return saved;
    }

    void restore(Map<Object, Long> saved) {
        lastWrites.clear();
        lastWrites.putAll(saved);
    }
}
