package io.sluice.experiments;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The settings of one run of the flush-boundary experiment.
 *
 * @param url      the sink's URL, or null for the database's default ({@link ExperimentDatabase#defaultUrl})
 * @param username the database user, or null for the one in the URL or the resolver's
 * @param password the password, used only with {@code username}
 * @param changes  the number of rows in the generated changelog
 */
public record FlushBoundaryOptions(ExperimentDatabase database, Scenario scenario, boolean transactional,
                                   String url, String username, String password, int changes) {
    /** The name of the experiment on the command line. */
    public static final String NAME = "flush-boundary";
    static final int DEFAULT_CHANGES = 5_000;
    private static final Path OUTPUT_ROOT = Path.of("target", "experiments");

    /**
     * The settings the command line gave: {@code --db}, {@code --scenario}, {@code --transactional on|off},
     * {@code --url} and {@code --changes} (null: the default), checked here.
     *
     * @throws IllegalArgumentException naming the option at fault and what it takes
     */
    public static FlushBoundaryOptions of(String database, String scenario, String transactional, String url,
                                          String changes) {
        return new FlushBoundaryOptions(ExperimentDatabase.of(database), scenario(scenario),
                transactional == null || onOff(transactional), url, null, null,
                changes == null ? DEFAULT_CHANGES : changes(changes));
    }

    /** The sink's URL: {@code url}, else the database's default in {@code environment}. */
    String url(Map<String, String> environment) {
        return url != null ? url : database.defaultUrl(environment);
    }

    /** Where this run's files go: {@code target/experiments/flush-boundary-postgres-pair-in-one-flush-tx-on}. */
    Path outputDirectory() {
        return OUTPUT_ROOT.resolve(NAME + "-" + database.optionValue() + "-" + scenario.optionValue() + "-tx-"
                + (transactional ? "on" : "off"));
    }

    private static Scenario scenario(String value) {
        Scenario scenario = Scenario.ofOptionValue(value.toLowerCase(Locale.ROOT));
        if (scenario == null) {
            throw new IllegalArgumentException("--scenario must be " + Scenario.optionValues().replace("|", " or ")
                    + ", got '" + value + "'");
        }
        return scenario;
    }

    private static boolean onOff(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--transactional must be on or off, got '" + value + "'");
        };
    }

    private static int changes(String value) {
        try {
            int changes = Integer.parseInt(value);
            if (changes >= ChangelogGenerator.GROUP) {
                return changes;
            }
        } catch (NumberFormatException e) {
            // reported below, with the bound
        }
        throw new IllegalArgumentException("--changes must be a whole number of at least "
                + ChangelogGenerator.GROUP + ", got '" + value + "'");
    }
}
