package io.sluice.kafka;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The last message per key of an upsert-kafka writer, between sends: a key changed again replaces its
 * message, so a busy key costs the topic one message per flush. Kept in arrival order of each key's
 * first change; sending in that order keeps every key's changes in order, since only the last remains.
 */
final class UpsertBuffer {
    private final int maxRows;
    private final Map<ByteBuffer, ProducerRecord<byte[], byte[]>> messages = new LinkedHashMap<>();

    UpsertBuffer(int maxRows) {
        this.maxRows = maxRows;
    }

    /** Buffers {@code message}; true when the buffer is now full and should be sent. */
    boolean add(ProducerRecord<byte[], byte[]> message) {
        messages.put(ByteBuffer.wrap(message.key()), message);
        return messages.size() >= maxRows;
    }

    /** The buffered messages, oldest key first; the buffer is empty afterwards. */
    List<ProducerRecord<byte[], byte[]>> drain() {
        List<ProducerRecord<byte[], byte[]>> drained = new ArrayList<>(messages.values());
        messages.clear();
        return drained;
    }
}
