package io.sluice.it.exactlyonce;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an audit log against the job's model, in which every key's value only grows: a change that
 * repeats a value the key had (a commit applied twice) or goes back to an older one (a replayed
 * older change) is a repeat.
 */
final class AuditCheck {
    private final List<String> repeats = new ArrayList<>();
    private final Map<String, Long> last = new HashMap<>();

    AuditCheck(List<AuditedTables.Change> changes) {
        for (AuditedTables.Change change : changes) {
            String key = change.table() + " key " + change.key();
            Long before = last.put(key, change.value());
            if (before != null && change.value() <= before) {
                repeats.add(key + ": " + before + ", then " + change.value());
            }
        }
    }

    List<String> repeats() {
        return repeats;
    }

    /** The last audited value of each key of {@code table}. */
    Map<Integer, Long> lastValues(String table) {
        Map<Integer, Long> values = new HashMap<>();
        String prefix = table + " key ";
        last.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                values.put(Integer.parseInt(key.substring(prefix.length())), value);
            }
        });
        return values;
    }
}
