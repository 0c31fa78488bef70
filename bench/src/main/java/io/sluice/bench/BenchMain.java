package io.sluice.bench;

import java.util.Arrays;
import java.util.List;

/**
 * {@code bench/run sink|runtime|nexmark|kafka|pipeline ...}: runs one benchmark and prints its report
 * (Markdown) on stdout. See docs/benchmarks.md.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        String command = args.length == 0 ? "" : args[0];
        try {
            switch (command) {
                case "sink" -> SinkCommand.run(rest, System.out);
                case "runtime" -> RuntimeCommand.run(rest, System.out);
                case "nexmark" -> NexmarkCommand.run(rest, System.out);
                case "kafka" -> KafkaCommand.run(rest, System.out);
                case "pipeline" -> PipelineCommand.run(rest, System.out);
                default -> throw new IllegalArgumentException("Unknown benchmark '" + command
                        + "'; use: sink [--db postgres|mariadb|all] [changes=N keys=N max-rows=N warmup=N] [--profile]"
                        + " | runtime [rows=N keys=N parallelism=N] [--no-heap] [--profile]"
                        + " | nexmark [events=N queries=q0,q5 parallelism=N]"
                        + " | kafka [events=N changes=N keys=N parallelism=N]"
                        + " | pipeline [--db postgres|mariadb|all] [changes=N keys=N max-rows=100,5000 writers=1,2] [--profile]");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
        }
    }
}
