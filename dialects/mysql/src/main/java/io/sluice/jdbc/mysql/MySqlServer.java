package io.sluice.jdbc.mysql;

import io.sluice.jdbc.dialect.DatabaseProduct;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server a MySQL-protocol connection talks to: MariaDB or MySQL, and its version. MariaDB
 * announces itself as {@code 5.5.5-10.11.6-MariaDB} to MySQL clients, so the name is looked for in
 * the version text as well as in the product name.
 */
record MySqlServer(boolean mariaDb, int major, int minor, int patch) {
    private static final Pattern VERSION = Pattern.compile("(?:5\\.5\\.5-)?(\\d+)\\.(\\d+)\\.(\\d+)");

    static MySqlServer of(DatabaseMetaData metaData) throws SQLException {
        return of(DatabaseProduct.of(metaData));
    }

    static MySqlServer of(DatabaseProduct product) {
        return parse(product.name(), product.version());
    }

    static MySqlServer parse(String productName, String productVersion) {
        boolean mariaDb = (productName + " " + productVersion).toLowerCase(Locale.ROOT).contains("mariadb");
        Matcher matcher = VERSION.matcher(productVersion);
        if (!matcher.lookingAt()) {
            return new MySqlServer(mariaDb, 0, 0, 0);
        }
        return new MySqlServer(mariaDb, Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)),
                Integer.parseInt(matcher.group(3)));
    }

    /**
     * The binary collation of utf8mb4 that keeps trailing spaces significant (NO PAD), so that a key
     * column tells {@code 'a'} from {@code 'a '} as the sink does: MariaDB has it since 10.2.2, MySQL
     * since 8.0.17. Older servers have none ({@code utf8mb4_bin} pads).
     */
    Optional<String> noPadBinaryCollation() {
        if (mariaDb) {
            return atLeast(10_002_002) ? Optional.of("utf8mb4_nopad_bin") : Optional.empty();
        }
        return atLeast(8_000_017) ? Optional.of("utf8mb4_0900_bin") : Optional.empty();
    }

    private boolean atLeast(int version) {
        return major * 1_000_000 + minor * 1_000 + patch >= version;
    }

    /** MySQL 8.0.19 added {@code INSERT ... AS new ON DUPLICATE KEY UPDATE c = new.c}; MariaDB has no row alias. */
    boolean supportsRowAlias() {
        return !mariaDb && atLeast(8_000_019);
    }
}
