package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStorageTest {

    @Test
    void aCheckpointReadsBackWithItsStatesAndPositions(@TempDir Path directory) throws IOException {
        HashMap<Object, Row> state = new HashMap<>(Map.of("a", Row.insert("a", 1L)));
        CompletedCheckpoint written = new CompletedCheckpoint("job", "f1", 4, Map.of(1, 2),
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
                        + " older, Java serialization); this version reads format 3. Start the job without restoring,"
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
            out.writeInt(4);
        }
        assertThatThrownBy(() -> CheckpointStorage.load(checkpoint))
                .hasMessage("Checkpoint '" + checkpoint + "' has format version 4; this version of Sluice reads version 3");
    }
}
