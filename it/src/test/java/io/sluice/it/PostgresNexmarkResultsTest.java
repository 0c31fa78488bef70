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
    void q0PassesEveryBidThrough() throws Exception {
        String result = runQuery("q0", "auction BIGINT, bidder BIGINT, price BIGINT, `dateTime` TIMESTAMP(3), extra STRING");
        assertSameRows(result, "auction, bidder, price, \"dateTime\", extra",
                "SELECT auction, bidder, price, \"dateTime\", extra FROM " + bids,
                BIGINT, BIGINT, BIGINT, TIMESTAMP, VARCHAR);
    }

    @Test
    void q1ConvertsEachPriceToEuros() throws Exception {
        String result = runQuery("q1", "auction BIGINT, bidder BIGINT, price DECIMAL(23, 3), `dateTime` TIMESTAMP(3), "
                + "extra STRING");
        assertSameRows(result, "auction, price", "SELECT auction, 0.908 * price FROM " + bids, BIGINT, DECIMAL);
    }

    @Test
    void q5FindsTheAuctionsWithTheMostBidsInEachHoppingWindow() throws Exception {
        String result = runQuery("q5", "auction BIGINT, num BIGINT");
        // each bid is in the five 10-second windows that start every 2 seconds before it
        assertSameRows(result, "auction, num", """
                WITH w AS (
                  SELECT b.auction, s AS ws FROM %s b, LATERAL generate_series(
                    date_bin('2 seconds', b."dateTime", TIMESTAMP '1970-01-01') - INTERVAL '8 seconds',
                    date_bin('2 seconds', b."dateTime", TIMESTAMP '1970-01-01'), INTERVAL '2 seconds') AS s),
                c AS (SELECT auction, ws, COUNT(*) AS num FROM w GROUP BY auction, ws),
                m AS (SELECT ws, MAX(num) AS maxn FROM c GROUP BY ws)
                SELECT c.auction, c.num FROM c JOIN m ON c.ws = m.ws AND c.num >= m.maxn""".formatted(bids),
                BIGINT, BIGINT);
    }

    @Test
    void q7FindsTheHighestBidsOfEachTenSeconds() throws Exception {
        String result = runQuery("q7", "auction BIGINT, price BIGINT, bidder BIGINT, `dateTime` TIMESTAMP(3), "
                + "extra STRING");
        assertSameRows(result, "auction, price, bidder, \"dateTime\"", """
                WITH m AS (SELECT date_bin('10 seconds', "dateTime", TIMESTAMP '1970-01-01') + INTERVAL '10 seconds'
                  AS we, MAX(price) AS maxprice FROM %1$s GROUP BY 1)
                SELECT b.auction, b.price, b.bidder, b."dateTime" FROM %1$s b JOIN m ON b.price = m.maxprice
                WHERE b."dateTime" BETWEEN m.we - INTERVAL '10 seconds' AND m.we""".formatted(bids),
                BIGINT, BIGINT, BIGINT, TIMESTAMP);
    }

    @Test
    void q9KeepsTheWinningBidOfEachAuction() throws Exception {
        String result = runQuery("q9", "id BIGINT, itemName STRING, description STRING, initialBid BIGINT, "
                + "reserve BIGINT, `dateTime` TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, "
                + "extra STRING, auction BIGINT, bidder BIGINT, price BIGINT, bid_dateTime TIMESTAMP(3), "
                + "bid_extra STRING, PRIMARY KEY (id) NOT ENFORCED");
        // bids of one auction at the same price and millisecond tie: the price and time are what is determined
        assertSameRows(result, "id, seller, price, \"bid_dateTime\"", """
                SELECT DISTINCT ON (A.id) A.id, A.seller, B.price, B."dateTime" FROM %s A JOIN %s B ON A.id = B.auction
                WHERE B."dateTime" BETWEEN A."dateTime" AND A.expires
                ORDER BY A.id, B.price DESC, B."dateTime" ASC""".formatted(auctions, bids),
                BIGINT, BIGINT, BIGINT, TIMESTAMP);
    }

    @Test
    void q10FormatsEachBidsDayAndMinute() throws Exception {
        String result = runQuery("q10", "auction BIGINT, bidder BIGINT, price BIGINT, `dateTime` TIMESTAMP(3), "
                + "extra STRING, dt STRING, hm STRING");
        assertSameRows(result, "auction, \"dateTime\", dt, hm", "SELECT auction, \"dateTime\", "
                + "to_char(\"dateTime\", 'YYYY-MM-DD'), to_char(\"dateTime\", 'HH24:MI') FROM " + bids,
                BIGINT, TIMESTAMP, VARCHAR, VARCHAR);
    }

    @Test
    void q12CountsEveryBidOnceInTheProcessingTimeWindowsOfItsBidder() throws Exception {
        String result = runQuery("q12", "bidder BIGINT, bid_count BIGINT, starttime TIMESTAMP(3), endtime TIMESTAMP(3)");
        // the windows are the wall clock's: what is determined is each bidder's total over them
        assertSameRows("(SELECT bidder, SUM(bid_count) AS total FROM " + result + " GROUP BY bidder) r", "bidder, total",
                "SELECT bidder, COUNT(*) FROM " + bids + " GROUP BY bidder", BIGINT, BIGINT);
    }

    @Test
    void q16CountsBidsPerChannelAndDay() throws Exception {
        String columns = "channel STRING, `day` STRING, `minute` STRING, total_bids BIGINT, rank1_bids BIGINT, "
                + "rank2_bids BIGINT, rank3_bids BIGINT, total_bidders BIGINT, rank1_bidders BIGINT, "
                + "rank2_bidders BIGINT, rank3_bidders BIGINT, total_auctions BIGINT, rank1_auctions BIGINT, "
                + "rank2_auctions BIGINT, rank3_auctions BIGINT, PRIMARY KEY (channel, `day`) NOT ENFORCED";
        String result = runQuery("q16", columns);
        assertSameRows(result, "channel, day, minute, total_bids, rank1_bids, rank3_bids, total_bidders, "
                + "rank2_bidders, total_auctions, rank3_auctions", """
                SELECT channel, to_char("dateTime", 'YYYY-MM-DD'), MAX(to_char("dateTime", 'HH24:MI')), COUNT(*),
                  COUNT(*) FILTER (WHERE price < 10000), COUNT(*) FILTER (WHERE price >= 1000000),
                  COUNT(DISTINCT bidder), COUNT(DISTINCT bidder) FILTER (WHERE price >= 10000 AND price < 1000000),
                  COUNT(DISTINCT auction), COUNT(DISTINCT auction) FILTER (WHERE price >= 1000000)
                FROM %s GROUP BY channel, to_char("dateTime", 'YYYY-MM-DD')""".formatted(bids),
                VARCHAR, VARCHAR, VARCHAR, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT, BIGINT);
    }

    @Test
    void q19KeepsTheTenHighestBidsOfEachAuction() throws Exception {
        String result = runQuery("q19", "auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, "
                + "`dateTime` TIMESTAMP(3), extra STRING, rank_number BIGINT, "
                + "PRIMARY KEY (auction, rank_number) NOT ENFORCED");
        // bids at the same price may take either rank: the prices of the ten are what is determined
        assertSameRows(result, "auction, price", """
                SELECT auction, price FROM (SELECT auction, price,
                  ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price DESC) AS rn FROM %s) r
                WHERE rn <= 10""".formatted(bids), BIGINT, BIGINT);
    }

    @Test
    void q20JoinsBidsWithTheirAuctionsOfCategory10() throws Exception {
        String result = runQuery("q20", "auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, url STRING, "
                + "bid_dateTime TIMESTAMP(3), bid_extra STRING, itemName STRING, description STRING, "
                + "initialBid BIGINT, reserve BIGINT, auction_dateTime TIMESTAMP(3), expires TIMESTAMP(3), "
                + "seller BIGINT, category BIGINT, auction_extra STRING");
        assertSameRows(result, "auction, bidder, price, \"bid_dateTime\", \"itemName\", seller, category", """
                SELECT B.auction, B.bidder, B.price, B."dateTime", A."itemName", A.seller, A.category
                FROM %s B JOIN %s A ON B.auction = A.id WHERE A.category = 10""".formatted(bids, auctions),
                BIGINT, BIGINT, BIGINT, TIMESTAMP, VARCHAR, BIGINT, BIGINT);
    }

    @Test
    void q21ExtractsEachBidsChannelId() throws Exception {
        String result = runQuery("q21", "auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, "
                + "channel_id STRING");
        assertSameRows(result, "auction, bidder, price, channel, channel_id", """
                SELECT auction, bidder, price, channel, CASE
                  WHEN lower(channel) = 'apple' THEN '0' WHEN lower(channel) = 'google' THEN '1'
                  WHEN lower(channel) = 'facebook' THEN '2' WHEN lower(channel) = 'baidu' THEN '3'
                  ELSE (regexp_match(url, '(&|^)channel_id=([^&]*)'))[2] END
                FROM %s WHERE (regexp_match(url, '(&|^)channel_id=([^&]*)'))[2] IS NOT NULL
                  OR lower(channel) IN ('apple', 'google', 'facebook', 'baidu')""".formatted(bids),
                BIGINT, BIGINT, BIGINT, VARCHAR, VARCHAR);
    }

    @Test
    void q22SplitsEachBidsUrlIntoDirectories() throws Exception {
        String result = runQuery("q22", "auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, dir1 STRING, "
                + "dir2 STRING, dir3 STRING");
        // SPLIT_INDEX counts from 0 and is NULL past the last part
        assertSameRows(result, "auction, bidder, price, dir1, dir2, dir3", """
                SELECT auction, bidder, price, p[4], p[5], p[6]
                FROM (SELECT auction, bidder, price, string_to_array(url, '/') AS p FROM %s) b""".formatted(bids),
                BIGINT, BIGINT, BIGINT, VARCHAR, VARCHAR, VARCHAR);
    }

    @Test
    void q23JoinsEachBidWithItsBidderAndTheAuctionsTheBidderSells() throws Exception {
        String result = runQuery("q23", "bidder BIGINT, price BIGINT, channel STRING, url STRING, bid_extra STRING, "
                + "person_id BIGINT, name STRING, emailAddress STRING, creditCard STRING, city STRING, state STRING, "
                + "person_extra STRING, itemName STRING, description STRING, initialBid BIGINT, reserve BIGINT, "
                + "auction_dateTime TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, category BIGINT, "
                + "auction_extra STRING");
        assertSameRows(result, "bidder, price, person_id, name, seller, category, \"auction_dateTime\"", """
                SELECT B.bidder, B.price, P.id, P.name, A.seller, A.category, A."dateTime"
                FROM %s B JOIN %s P ON P.id = B.bidder JOIN %s A ON A.seller = B.bidder"""
                .formatted(bids, persons, auctions),
                BIGINT, BIGINT, BIGINT, VARCHAR, BIGINT, BIGINT, TIMESTAMP);
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
