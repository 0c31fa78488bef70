package io.sluice.cli;

import io.sluice.experiments.FlushBoundaryOptions;
import java.util.List;
import java.util.Map;

/**
 * What one command line asks for, as {@link CommandTree} parsed it: the subcommand, its script and
 * options; {@code experiment} is set for EXPERIMENT only, {@code helpText} for HELP only.
 */
record Invocation(Subcommand subcommand, String file, List<String> initFiles, String restorePath,
                  Map<String, String> configuration, boolean verbose, String logLevel,
                  FlushBoundaryOptions experiment, String helpText) {

    enum Subcommand { RUN, EXPLAIN, SHELL, HELP, VERSION, EXPERIMENT }
}
