package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.DECIMAL;
import static io.sluice.api.types.TypeRoot.TIMESTAMP;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.types.TypeRoot;
import io.sluice.it.docs.DocumentationPages;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nexmark queries from {@code examples/nexmark}, checked against an independent answer: the events of a
 * seeded stream are written into PostgreSQL, the query runs in Sluice over the same stream into a
 * PostgreSQL table, and the table must equal what PostgreSQL's own batch SQL computes from the events.
 */
class PostgresNexmarkResultsTest extends DatabaseSuite {
    private static final Path EXAMPLES = DocumentationPages.repositoryRoot().resolve("examples/nexmark");
    private static final Map<String, String> STREAM = Map.of("NEXMARK_EVENTS", "20000", "NEXMARK_SEED", "11");

    private String bids;
    private String auctions;
    private String persons;

    PostgresNexmarkResultsTest(@Postgres TestDatabase database) {
        super(database);
    }

    @BeforeEach
    void writeTheEventsIntoPostgres() {
        bids = sink.newTableName("nx_bid");
        auctions = sink.newTableName("nx_auction");
        persons = sink.newTableName("nx_person");
        runNexmark("""
                CREATE TABLE pg_bid (auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING,
                  `dateTime` TIMESTAMP(3), extra STRING) WITH (%s);
                CREATE TABLE pg_auction (id BIGINT, itemName STRING, description STRING, initialBid BIGINT,
                  reserve BIGINT, `dateTime` TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT,
                  extra STRING) WITH (%s);
                CREATE TABLE pg_person (id BIGINT, name STRING, emailAddress STRING, creditCard STRING, city STRING,
                  state STRING, `dateTime` TIMESTAMP(3), extra STRING) WITH (%s);
                EXECUTE STATEMENT SET BEGIN
                INSERT INTO pg_bid SELECT * FROM bid;
                INSERT INTO pg_auction SELECT * FROM auction;
                INSERT INTO pg_person SELECT * FROM person;
                END;
                """.formatted(sink.jdbcOptions(bids), sink.jdbcOptions(auctions), sink.jdbcOptions(persons)));
    }

    @Test
    void q2SelectsTheBidsOfEvery123rdAuction() throws Exception {
        String result = runQuery("q2", "auction BIGINT, price BIGINT");
        assertSameRows(result, "auction, price",
                "SELECT auction, price FROM " + bids + " WHERE auction % 123 = 0", BIGINT, BIGINT);
    }

    @Test
    void q3JoinsSellersInThreeStatesWithTheirAuctionsOfCategory10() throws Exception {
        String result = runQuery("q3", "name STRING, city STRING, state STRING, id BIGINT");
        assertSameRows(result, "name, city, state, id", "SELECT P.name, P.city, P.state, A.id FROM " + auctions
                + " A JOIN " + persons + " P ON A.seller = P.id WHERE A.category = 10 AND P.state IN ('OR', 'ID', 'CA')",
                VARCHAR, VARCHAR, VARCHAR, BIGINT);
    }

    @Test
    void q4AveragesTheWinningBidsPerCategory() throws Exception {
        String result = runQuery("q4", "id BIGINT, final BIGINT, PRIMARY KEY (id) NOT ENFORCED");
        // AVG of a BIGINT is a BIGINT: the sum divided by the count, truncated.
        assertSameRows(result, "id, final", """
                SELECT category, SUM(final) / COUNT(final) FROM (
                  SELECT MAX(B.price) AS final, A.category FROM %s A JOIN %s B ON A.id = B.auction
                  WHERE B."dateTime" BETWEEN A."dateTime" AND A.expires GROUP BY A.id, A.category) Q
                GROUP BY category""".formatted(auctions, bids), BIGINT, BIGINT);
    }

    @Test
    void q6AveragesEachSellersLastElevenAuctionsAsTheirPricesRise() throws Exception {
        String result = runQuery("q6", "seller BIGINT, auction BIGINT, avg_price BIGINT, "
                + "PRIMARY KEY (seller, auction) NOT ENFORCED");
        assertSameRows(result, "seller, auction, avg_price", """
                SELECT seller, id, SUM(final) OVER w / COUNT(final) OVER w FROM (
                  SELECT A.id, A.seller, MAX(A.expires) AS expires, MAX(B.price) AS final FROM %s A JOIN %s B
                  ON A.id = B.auction WHERE B."dateTime" BETWEEN A."dateTime" AND A.expires GROUP BY A.id, A.seller) Q
                WINDOW w AS (PARTITION BY seller ORDER BY expires, id ROWS BETWEEN 10 PRECEDING AND CURRENT ROW)"""
                .formatted(auctions, bids), BIGINT, BIGINT, BIGINT);
    }

    @Test
    void q8FindsPeopleWhoOpenAnAuctionInTheWindowTheyRegisteredIn() throws Exception {
        String result = runQuery("q8", "id BIGINT, name STRING, stime TIMESTAMP(3)");
        assertSameRows(result, "id, name, stime", """
                SELECT DISTINCT P.id, P.name, date_bin('10 seconds', P."dateTime", TIMESTAMP '1970-01-01')
                FROM %s P JOIN %s A ON P.id = A.seller
                AND date_bin('10 seconds', P."dateTime", TIMESTAMP '1970-01-01')
                  = date_bin('10 seconds', A."dateTime", TIMESTAMP '1970-01-01')""".formatted(persons, auctions),
                BIGINT, VARCHAR, TIMESTAMP);
    }

    @Test
    void q11CountsEachBiddersBidsPerSession() throws Exception {
        String result = runQuery("q11", "bidder BIGINT, bid_count BIGINT, starttime TIMESTAMP(3), endtime TIMESTAMP(3)");
        // A bid within 10 seconds of the bidder's previous one continues its session.
        assertSameRows(result, "bidder, bid_count, starttime, endtime", """
                SELECT bidder, COUNT(*), MIN(t), MAX(t) + INTERVAL '10 seconds' FROM (
                  SELECT bidder, t, SUM(opens) OVER (PARTITION BY bidder ORDER BY t ROWS UNBOUNDED PRECEDING) AS session
                  FROM (SELECT bidder, "dateTime" AS t, CASE WHEN "dateTime" - LAG("dateTime") OVER (PARTITION BY bidder
                    ORDER BY "dateTime") <= INTERVAL '10 seconds' THEN 0 ELSE 1 END AS opens FROM %s) B) S
                GROUP BY bidder, session""".formatted(bids), BIGINT, BIGINT, TIMESTAMP, TIMESTAMP);
    }

    @Test
    void q13JoinsEachBidWithItsSideInputRowLookedUpInPostgres() throws Exception {
        String side = sink.newTableName("nx_side");
        sink.execute("CREATE TABLE " + side + " (key BIGINT PRIMARY KEY, value TEXT)", "INSERT INTO " + side
                + " SELECT k, (k * 7 % 10000)::text FROM generate_series(0, 9999) AS k");
        String result = runQuery("q13", "auction BIGINT, bidder BIGINT, price BIGINT, `dateTime` TIMESTAMP(3), "
                + "`value` STRING", Map.of("side_input", "key BIGINT, `value` STRING) WITH (" + sink.jdbcOptions(side,
                "'lookup.cache' = 'PARTIAL'", "'lookup.partial-cache.max-rows' = '1000'") + ")"));
        assertSameRows(result, "auction, bidder, price, \"dateTime\", value", "SELECT auction, bidder, price, "
                + "\"dateTime\", (auction % 10000 * 7 % 10000)::text FROM " + bids,
                BIGINT, BIGINT, BIGINT, TIMESTAMP, VARCHAR);
    }

    @Test
    void q14ClassifiesExpensiveBidsByTimeOfDayAndCountsCharactersWithAUserDefinedFunction() throws Exception {
        String result = runQuery("q14", "auction BIGINT, bidder BIGINT, price DECIMAL(23, 3), bidTimeType STRING, "
                + "`dateTime` TIMESTAMP(3), extra STRING, c_counts BIGINT");
        assertSameRows(result, "auction, bidder, price, \"bidTimeType\", \"dateTime\", c_counts", """
                SELECT auction, bidder, 0.908 * price,
                  CASE WHEN extract(hour FROM "dateTime") BETWEEN 8 AND 18 THEN 'dayTime'
                       WHEN extract(hour FROM "dateTime") <= 6 OR extract(hour FROM "dateTime") >= 20 THEN 'nightTime'
                       ELSE 'otherTime' END,
                  "dateTime", length(extra) - length(replace(extra, 'c', ''))
                FROM %s WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000""".formatted(bids),
                BIGINT, BIGINT, DECIMAL, VARCHAR, TIMESTAMP, BIGINT);
    }

    @Test
    void q15CountsBidsBiddersAndAuctionsPerDayAndPriceRange() throws Exception {
        String columns = "`day` STRING, total_bids BIGINT, rank1_bids BIGINT, rank2_bids BIGINT, rank3_bids BIGINT, "
                + "total_bidders BIGINT, rank1_bidders BIGINT, rank2_bidders BIGINT, rank3_bidders BIGINT, "
                + "total_auctions BIGINT, rank1_auctions BIGINT, rank2_auctions BIGINT, rank3_auctions BIGINT, "
                + "PRIMARY KEY (`day`) NOT ENFORCED";
        String result = runQuery("q15", columns);
        String ranges = "";
        for (String what : new String[] {"*", "DISTINCT bidder", "DISTINCT auction"}) {
            ranges += ", COUNT(" + what + "), COUNT(" + what + ") FILTER (WHERE price < 10000), COUNT(" + what
                    + ") FILTER (WHERE price >= 10000 AND price < 1000000), COUNT(" + what
                    + ") FILTER (WHERE price >= 1000000)";
        }
        TypeRoot[] types = new TypeRoot[13];
        Arrays.fill(types, BIGINT);
        types[0] = VARCHAR;
        assertSameRows(result, "day, total_bids, rank1_bids, rank2_bids, rank3_bids, total_bidders, rank1_bidders, "
                + "rank2_bidders, rank3_bidders, total_auctions, rank1_auctions, rank2_auctions, rank3_auctions",
                "SELECT to_char(\"dateTime\", 'YYYY-MM-DD')" + ranges + " FROM " + bids
                        + " GROUP BY to_char(\"dateTime\", 'YYYY-MM-DD')", types);
    }

    @Test
    void q17SummarizesEachAuctionPerDay() throws Exception {
        String result = runQuery("q17", "auction BIGINT, `day` STRING, total_bids BIGINT, rank1_bids BIGINT, "
                + "rank2_bids BIGINT, rank3_bids BIGINT, min_price BIGINT, max_price BIGINT, avg_price BIGINT, "
                + "sum_price BIGINT, PRIMARY KEY (auction, `day`) NOT ENFORCED");
        assertSameRows(result, "auction, day, total_bids, rank1_bids, rank2_bids, rank3_bids, min_price, max_price, "
                + "avg_price, sum_price", """
                SELECT auction, to_char("dateTime", 'YYYY-MM-DD'), COUNT(*),
                  COUNT(*) FILTER (WHERE price < 10000), COUNT(*) FILTER (WHERE price >= 10000 AND price < 1000000),
                  COUNT(*) FILTER (WHERE price >= 1000000), MIN(price), MAX(price), SUM(price) / COUNT(price),
                  SUM(price) FROM %s GROUP BY auction, to_char("dateTime", 'YYYY-MM-DD')""".formatted(bids),
                BIGINT, VARCHAR, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT);
    }

    @Test
    void q18KeepsEachBiddersLatestBidPerAuction() throws Exception {
        String result = runQuery("q18", "auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, "
                + "`dateTime` TIMESTAMP(3), extra STRING, PRIMARY KEY (bidder, auction) NOT ENFORCED");
        // Bids of one bidder on one auction in the same millisecond tie: the time is what is determined.
        assertSameRows(result, "auction, bidder, \"dateTime\"", "SELECT auction, bidder, MAX(\"dateTime\") FROM "
                + bids + " GROUP BY auction, bidder", BIGINT, BIGINT, TIMESTAMP);
    }

    /**
     * Runs {@code examples/nexmark/<query>.sql} with its blackhole table replaced by a PostgreSQL table of
     * {@code columns}; returns that table's name.
     */
    private String runQuery(String query, String columns) throws Exception {
        return runQuery(query, columns, Map.of());
    }

    /**
     * As {@link #runQuery(String, String)}, with the tables named in {@code otherTables} declared as
     * given there: their columns, a closing parenthesis, then the rest of the declaration.
     */
    private String runQuery(String query, String columns, Map<String, String> otherTables) throws Exception {
        String table = sink.newTableName("nx_" + query);
        String script = Files.readString(EXAMPLES.resolve(query + ".sql"));
        script = redeclare(script, "nexmark_" + query, columns + ") WITH (" + sink.jdbcOptions(table) + ")");
        for (Map.Entry<String, String> other : otherTables.entrySet()) {
            script = redeclare(script, other.getKey(), other.getValue());
        }
        runNexmark(script);
        return table;
    }

    private static String redeclare(String script, String table, String declaration) {
        int create = script.indexOf("\nCREATE TABLE " + table + " (") + 1;
        int end = script.indexOf(");", create) + 2;
        return script.substring(0, create) + "CREATE TABLE " + table + " (" + declaration + ";"
                + script.substring(end);
    }

    private void runNexmark(String script) {
        Path file = writeScript(script);
        SluiceCli.run(withStream(), "run", "-i", EXAMPLES.resolve("ddl.sql").toString(), file.toString())
                .assertSucceeded();
    }

    private Map<String, String> withStream() {
        Map<String, String> variables = sink.scriptEnvironment();
        variables.putAll(STREAM);
        return variables;
    }

    private void assertSameRows(String table, String columns, String oracle, TypeRoot... types) throws Exception {
        List<String> expected = sink.read("(" + oracle + ") expected", "*", types);
        assertThat(expected).as("PostgreSQL's answer").isNotEmpty();
        assertThat(sink.read(table, columns.replace("day,", "\"day\","), types)).isEqualTo(expected);
    }
}
