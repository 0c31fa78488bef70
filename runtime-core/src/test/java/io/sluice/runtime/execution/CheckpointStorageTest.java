package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.runtime.state.StateCodec;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStorageTest {

    @Test
    void aCheckpointReadsBackWithItsStatesAndPositions(@TempDir Path directory) throws IOException {
        HashMap<Object, Row> state = new HashMap<>(Map.of("a", Row.insert("a", 1L)));
        CompletedCheckpoint written = new CompletedCheckpoint("job", "f1", List.of("Source ..."), 4, Map.of(1, 2),
                Map.of(CompletedCheckpoint.key(3, 0), state), Map.of(CompletedCheckpoint.key(1, 0), Map.of("rows", 7L)));

        Path path = new CheckpointStorage(directory).write(written);
        CompletedCheckpoint read = CheckpointStorage.load(directory).checkpoint();

        assertThat(path).isEqualTo(directory.resolve("chk-4"));
        assertThat(read.planFingerprint()).isEqualTo("f1");
        assertThat(read.operatorState(3, 0)).isEqualTo(state);
        assertThat(read.sourcePosition(1, 0)).containsEntry("rows", 7L);
    }

    @Test
    void aCheckpointOfAnEarlierFormatIsRefusedSayingWhatToDo(@TempDir Path directory) throws IOException {
        Path checkpoint = Files.createDirectories(directory.resolve("chk-1"));
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(checkpoint.resolve("_metadata")))) {
            out.writeShort(0xACED);
            out.writeShort(5);
        }

        assertThatThrownBy(() -> CheckpointStorage.load(checkpoint)).isInstanceOf(ValidationException.class)
                .hasMessage("Checkpoint '" + checkpoint + "' was written by an earlier version of Sluice (format 2 or"
                        + " older, Java serialization); this version reads format 4. Start the job without restoring,"
                        + " or finish it with the version that wrote the checkpoint.");
    }

    @Test
    void aFileThatIsNoCheckpointOrOfALaterFormatIsNamed(@TempDir Path directory) throws IOException {
        Path checkpoint = Files.createDirectories(directory.resolve("chk-1"));
        Files.writeString(checkpoint.resolve("_metadata"), "hello");
        assertThatThrownBy(() -> CheckpointStorage.load(checkpoint))
                .hasMessage("'" + checkpoint.resolve("_metadata") + "' is not a Sluice checkpoint");

        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(checkpoint.resolve("_metadata")))) {
            out.writeBytes("SLUICE-CHECKPOINT\n");
            out.writeInt(5);
        }
        assertThatThrownBy(() -> CheckpointStorage.load(checkpoint))
                .hasMessage("Checkpoint '" + checkpoint + "' has format version 5; this version of Sluice reads versions"
                        + " 3 and 4");
    }

    @Test
    void aFlippedBitIsRefusedNamingTheCheckpointAndTheEarlierOnes(@TempDir Path directory) throws IOException {
        CheckpointStorage storage = new CheckpointStorage(directory);
        storage.write(checkpoint(1, "a"));
        Path damaged = storage.write(checkpoint(2, "b"));
        byte[] bytes = Files.readAllBytes(damaged.resolve("_metadata"));
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 'b') {
                bytes[i] = 'c';
            }
        }
        Files.write(damaged.resolve("_metadata"), bytes);

        assertThatThrownBy(() -> CheckpointStorage.load(directory)).isInstanceOf(ValidationException.class)
                .hasMessage("Checkpoint '" + damaged + "' is damaged: the checksum of its _metadata does not match its "
                        + "contents (the file was altered after it was written). Nothing was restored from it; restore "
                        + "an earlier one (" + directory.resolve("chk-1") + ") or start the job without restoring.");
        assertThat(CheckpointStorage.load(directory.resolve("chk-1")).checkpoint().checkpointId()).isEqualTo(1);
    }

    @Test
    void aCheckpointCutShortIsRefusedSayingSo(@TempDir Path directory) throws IOException {
        Path written = new CheckpointStorage(directory).write(checkpoint(1, "a"));
        Path metadata = written.resolve("_metadata");
        byte[] bytes = Files.readAllBytes(metadata);
        for (int cut : new int[] {bytes.length - 3, bytes.length / 2, 25}) {
            Files.write(metadata, Arrays.copyOf(bytes, cut));

            assertThatThrownBy(() -> CheckpointStorage.load(written)).as("cut at %d bytes", cut)
                    .hasMessageStartingWith("Checkpoint '" + written + "' is damaged: its _metadata ")
                    .hasMessageContaining("cut short")
                    .hasMessageEndingWith("Nothing was restored from it; start the job without restoring.");
        }
    }

    @Test
    void aCheckpointWithoutChecksumIsStillRead(@TempDir Path directory) throws IOException {
        Path checkpoint = Files.createDirectories(directory.resolve("chk-3"));
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(checkpoint.resolve("_metadata")))) {
            out.writeBytes("SLUICE-CHECKPOINT\n");
            out.writeInt(3);
            StateCodec.write(checkpoint(3, "a"), out);
        }

        assertThat(CheckpointStorage.load(directory).checkpoint().checkpointId()).isEqualTo(3);
    }

    private static CompletedCheckpoint checkpoint(long id, String key) {
        return new CompletedCheckpoint("job", "f1", List.of("Source ..."), id, Map.of(1, 2),
                Map.of(CompletedCheckpoint.key(3, 0), new HashMap<>(Map.of(key, Row.insert(key, 1L)))), Map.of());
    }
}
