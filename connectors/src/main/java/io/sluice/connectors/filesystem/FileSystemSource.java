package io.sluice.connectors.filesystem;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Reads the files under a path line by line, each subtask its share of the files. */
final class FileSystemSource implements ScanSource {
    private final FactoryContext context;
    private final FormatFactory format;
    private final FormatContext formatContext;
    private final Path path;
    private final Duration monitorInterval;

    FileSystemSource(FactoryContext context, FormatFactory format) {
        this.context = context;
        this.format = format;
        for (Column column : context.schema().columns()) {
            if (!column.isPhysical()) {
                throw new ValidationException("Table '" + context.table() + "': column '" + column.name()
                        + "' is not physical; the filesystem connector reads physical columns only");
            }
        }
        this.formatContext = new FormatContext(context.table(), context.schema().columns(), context.options(), "");
        this.path = Path.of(context.options().get(FileSystemTableFactory.PATH));
        this.monitorInterval = context.options().get(FileSystemTableFactory.MONITOR_INTERVAL);
        if (monitorInterval == null && !Files.exists(path)) {
            throw new ValidationException("Table '" + context.table() + "': path '" + path + "' does not exist");
        }
        format.createDecoder(formatContext);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return format.changelogMode();
    }

    @Override
    public boolean isBounded() {
        return monitorInterval == null;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new FileSystemReader(context.table().toString(), path, format.createDecoder(formatContext),
                monitorInterval, subtaskIndex, parallelism);
    }
}
