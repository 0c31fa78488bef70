package io.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** The machine a benchmark ran on, for the report. */
final class Machine {

    private Machine() {
    }

    /** Processors, memory, CPU model, JVM and the load average at the start, as one Markdown line. */
    static String describe() {
        Runtime runtime = Runtime.getRuntime();
        return String.format(Locale.ROOT, "%d processors, %s, %.1f GiB RAM, Java %s (%s), max heap %.1f GiB,"
                        + " load average %s",
                runtime.availableProcessors(), cpuModel(), totalMemoryKib() / (1024.0 * 1024.0),
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                runtime.maxMemory() / (1024.0 * 1024.0 * 1024.0), loadAverage());
    }

    /** Other work on the machine skews every figure: the 1-minute load average says how much there was. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        return firstValue(Path.of("/proc/cpuinfo"), "model name").orElse("unknown CPU");
    }

    private static long totalMemoryKib() {
        return firstValue(Path.of("/proc/meminfo"), "MemTotal")
                .map(value -> Long.parseLong(value.replace("kB", "").trim())).orElse(0L);
    }

    private static Optional<String> firstValue(Path file, String key) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.filter(line -> line.startsWith(key)).map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
