package io.sluice.experiments;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
    private static final Set<String> OPTIONS = Set.of("--db", "--scenario", "--transactional", "--url", "--changes");

    /**
     * Parses the arguments after {@code experiment}: {@code flush-boundary --db D --scenario S
     * [--transactional on|off] [--url URL] [--changes N]}.
     *
     * @throws IllegalArgumentException naming the argument at fault
     */
    public static FlushBoundaryOptions parse(List<String> arguments) {
        Iterator<String> args = arguments.iterator();
        String name = args.hasNext() ? args.next() : "";
        if (!name.equals(NAME)) {
            throw new IllegalArgumentException("unknown experiment '" + name + "'; the experiment is " + NAME);
        }
        ExperimentDatabase database = null;
        Scenario scenario = null;
        boolean transactional = true;
        String url = null;
        int changes = DEFAULT_CHANGES;
        while (args.hasNext()) {
            String arg = args.next();
            String value = valueOf(arg, args);
            switch (arg) {
                case "--db" -> database = ExperimentDatabase.of(value);
                case "--scenario" -> scenario = scenario(value);
                case "--transactional" -> transactional = onOff(value);
                case "--url" -> url = value;
                case "--changes" -> changes = changes(value);
            }
        }
        if (database == null || scenario == null) {
            throw new IllegalArgumentException(NAME + " needs --db postgres|mariadb and --scenario "
                    + Scenario.optionValues());
        }
        return new FlushBoundaryOptions(database, scenario, transactional, url, null, null, changes);
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

    private static String valueOf(String arg, Iterator<String> args) {
        if (!OPTIONS.contains(arg)) {
            throw new IllegalArgumentException("unknown argument '" + arg + "'");
        }
        if (!args.hasNext()) {
            throw new IllegalArgumentException(arg + " needs a value");
        }
        return args.next();
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
