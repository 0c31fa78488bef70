package io.sluice.testing;

import java.util.Map;
import java.util.regex.Pattern;

/** Databases named by {@code SLUICE_IT_<KIND>_URL}, {@code _USER} and {@code _PASSWORD}. */
final class EnvironmentDatabases implements DatabaseFinder {

    private static final Pattern PASSWORD_IN_URL = Pattern.compile("(?i)(password=)[^&;]*");

    private final Map<String, String> environment;

    EnvironmentDatabases(Map<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public TestDatabase find(TestDatabase.Kind kind) {
        String prefix = kind.environmentPrefix();
        String url = environment.get(prefix + "_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalStateException(prefix + "_URL is not set");
        }
        String shownUrl = PASSWORD_IN_URL.matcher(url).replaceAll("$1***");
        return new TestDatabase(kind, TestDatabase.Source.ENVIRONMENT, url, environment.get(prefix + "_USER"),
                environment.get(prefix + "_PASSWORD"), prefix + "_URL (" + shownUrl + ")");
    }
}
