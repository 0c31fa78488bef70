package io.sluice.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The options an installation sets for every script: {@code sluice.properties} in the directory the
 * {@code sluice.conf.dir} system property names (a distribution's {@code conf/}). A script's SET and the
 * command line's {@code -D} override them.
 */
final class DefaultOptions {
    static final String CONF_DIR_PROPERTY = "sluice.conf.dir";
    static final String FILE_NAME = "sluice.properties";

    private DefaultOptions() {
    }

    /** The options of {@code sluice.properties}, or none without a configuration directory or file. */
    static Map<String, String> load(String confDir) {
        Map<String, String> options = new LinkedHashMap<>();
        if (confDir == null || confDir.isBlank()) {
            return options;
        }
        Path file = Path.of(confDir, FILE_NAME);
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            return options;
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot read the default options in " + file + ": " + e.getMessage(), e);
        }
        properties.stringPropertyNames().stream().sorted()
                .forEach(key -> options.put(key.trim(), properties.getProperty(key).trim()));
        return options;
    }
}
