package io.sluice.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code sluice experiment flush-boundary}: replays a changelog in which key 1001 is deleted and
 * re-inserted again and again through the {@code jdbc} sink, while a {@link KeyObserver} polls the key
 * on its own connection; then writes what it saw to {@code target/experiments/}: the observations as
 * CSV, a summary (also printed on stdout) and a timeline chart as SVG. Expected: with the
 * pair-in-one-flush scenario the key is never seen absent; with flush-per-row it is.
 */
public final class FlushBoundaryExperiment {
    private final FlushBoundaryOptions options;
    private final Map<String, String> environment;

    /** @param environment where {@code SLUICE_PG_URL} and {@code SLUICE_MYSQL_URL} are looked up */
    public FlushBoundaryExperiment(FlushBoundaryOptions options, Map<String, String> environment) {
        this.options = options;
        this.environment = environment;
    }

    /**
     * Runs the experiment and writes its files; {@code out} gets the summary, {@code log} what the job's
     * statements print.
     */
    ExperimentSummary run(PrintStream out, PrintStream log) throws Exception {
        Path directory = Files.createDirectories(options.outputDirectory());
        Changelog changelog = ChangelogGenerator.generate(options.changes());
        Path changelogFile = write(directory.resolve("changelog.txt"), String.join("\n", changelog.rows()) + "\n");
        String url = options.url(environment);
        DatabaseTarget target = DatabaseTarget.resolve(url, options.username(), options.password());
        ExperimentTable.recreate(target);
        SinkFlushes flushes = new SinkFlushes();
        List<Observation> observations;
        try (KeyObserver observer = KeyObserver.start(target.connect(), ExperimentTable.pollQuery())) {
            new ExperimentJob(options, url, changelogFile).run(flushes, log);
            observations = observer.stop();
        }
        Timeline timeline = new Timeline(observations);
        ExperimentSummary summary = new ExperimentSummary(describe(), target.maskedUrl(), changelog,
                flushes.byReason(), timeline);
        write(directory.resolve("observations.csv"), ObservationCsv.format(observations));
        write(directory.resolve("summary.txt"), summary.text());
        write(directory.resolve("timeline.svg"), TimelineSvg.render(timeline, summary.run()));
        out.print(summary.text());
        out.println("Files: " + directory.toAbsolutePath() + "/{observations.csv,summary.txt,timeline.svg}");
        return summary;
    }

    /**
     * Runs the experiment as the command line does.
     *
     * @return the exit code: 0, or 1 when the experiment failed (with the error on {@code err})
     */
    public static int run(FlushBoundaryOptions options, Map<String, String> environment, PrintStream out,
                          PrintStream err) {
        try {
            new FlushBoundaryExperiment(options, environment).run(out, err);
            return 0;
        } catch (Exception e) {
            err.println("ERROR: the flush-boundary experiment failed: " + e.getMessage());
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                err.println("  caused by: " + cause);
            }
            return 1;
        }
    }

    private String describe() {
        return String.format("%s, scenario %s (max-rows %d, interval %s), transactional %s",
                options.database().optionValue(), options.scenario().optionValue(), options.scenario().maxRows(),
                options.scenario().interval(), options.transactional() ? "on" : "off");
    }

    private static Path write(Path file, String content) throws IOException {
        return Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
