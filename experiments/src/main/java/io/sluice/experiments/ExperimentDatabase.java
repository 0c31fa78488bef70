package io.sluice.experiments;

import java.util.Map;

/** The databases the experiment runs on, with the URL each uses when none is given. */
enum ExperimentDatabase {
    POSTGRES("postgres", "SLUICE_PG_URL", "embedded:postgres"),
    MARIADB("mariadb", "SLUICE_MYSQL_URL", "embedded:mariadb");

    private final String optionValue;
    private final String urlVariable;
    private final String embeddedUrl;

    ExperimentDatabase(String optionValue, String urlVariable, String embeddedUrl) {
        this.optionValue = optionValue;
        this.urlVariable = urlVariable;
        this.embeddedUrl = embeddedUrl;
    }

    /** The value of {@code --db}. */
    String optionValue() {
        return optionValue;
    }

    /** The URL in the environment variable for this database, else the embedded server's. */
    String defaultUrl(Map<String, String> environment) {
        String url = environment.get(urlVariable);
        return url == null || url.isBlank() ? embeddedUrl : url;
    }

    static ExperimentDatabase of(String optionValue) {
        for (ExperimentDatabase database : values()) {
            if (database.optionValue.equalsIgnoreCase(optionValue)) {
                return database;
            }
        }
        throw new IllegalArgumentException("--db must be postgres or mariadb, got '" + optionValue + "'");
    }
}
