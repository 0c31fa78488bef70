package io.sluice.flink;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Java serialization of {@link SealedCheckpoint}s for Flink's checkpoints and the writer-to-committer
 * channel: its rows hold the Java values Sluice's sink writes (Long, String, BigDecimal, LocalDateTime,
 * ...), which are all serializable.
 */
final class SealedCheckpointSerializer implements SimpleVersionedSerializer<SealedCheckpoint> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(SealedCheckpoint sealed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sealed);
        }
        return bytes.toByteArray();
    }

    @Override
    public SealedCheckpoint deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("Unknown version " + version + " of a sluice-jdbc committable");
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized))) {
            return (SealedCheckpoint) in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }
}
