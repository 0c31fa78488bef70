package io.sluice.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version and git commit the build wrote into {@code sluice-version.properties}. */
record BuildVersion(String version, String commit) {
    private static final String RESOURCE = "/sluice-version.properties";
    private static final String UNKNOWN = "unknown";

    static BuildVersion current() {
        Properties properties = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + RESOURCE, e);
        }
        return new BuildVersion(known(properties.getProperty("version")), known(properties.getProperty("commit")));
    }

    /** A property the build could not fill (built outside a git clone) stays a placeholder: unknown. */
    private static String known(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? UNKNOWN : value;
    }

    /** {@code sluice 0.1.0 (commit 1a2b3c4)}. */
    @Override
    public String toString() {
        return "sluice " + version + " (commit " + commit + ")";
    }
}
