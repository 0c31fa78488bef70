package io.sluice.examples.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class H2DialectTest {
    private final H2DialectFactory factory = new H2DialectFactory();

    @Test
    void servesH2UrlsOnly() {
        assertThat(factory.acceptsUrl("jdbc:h2:mem:test")).isTrue();
        assertThat(factory.acceptsUrl("jdbc:h2:./data/sluice")).isTrue();
        assertThat(factory.acceptsUrl("jdbc:postgresql://localhost/test")).isFalse();
    }

    @Test
    void autoCreateMapsEveryTypeAndMakesKeyColumnsNotNull() {
        TableDefinition table = new TableDefinition("all_types", List.of(
                new Column("id", LogicalType.bigint()),
                new Column("flag", LogicalType.booleanType()),
                new Column("tiny", LogicalType.tinyint()),
                new Column("small", LogicalType.smallint()),
                new Column("num", LogicalType.intType()),
                new Column("real_value", LogicalType.floatType()),
                new Column("double_value", LogicalType.doubleType()),
                new Column("amount", LogicalType.decimal(12, 4)),
                new Column("code", LogicalType.charType(3)),
                new Column("name", LogicalType.varchar(40)),
                new Column("note", LogicalType.string()),
                new Column("day", LogicalType.date()),
                new Column("at_time", LogicalType.time(3)),
                new Column("at", LogicalType.timestamp(6)),
                new Column("at_ltz", LogicalType.timestampLtz(3)),
                new Column("data", LogicalType.bytes())), List.of("id"));

        assertThat(factory.create().createTableStatement(table, new DatabaseProduct("H2", "2.2.224"))).isEqualTo("CREATE TABLE IF NOT EXISTS \"all_types\" ("
                + "\"id\" BIGINT NOT NULL, \"flag\" BOOLEAN, \"tiny\" TINYINT, \"small\" SMALLINT, \"num\" INTEGER, "
                + "\"real_value\" REAL, \"double_value\" DOUBLE PRECISION, \"amount\" NUMERIC(12, 4), "
                + "\"code\" CHARACTER(3), \"name\" CHARACTER VARYING(40), \"note\" CHARACTER VARYING, \"day\" DATE, "
                + "\"at_time\" TIME(3), \"at\" TIMESTAMP(6), \"at_ltz\" TIMESTAMP(3) WITH TIME ZONE, "
                + "\"data\" BINARY VARYING, PRIMARY KEY (\"id\"))");
    }

    @Test
    void theSnapshotSelectNamesTheDeclaredColumns() {
        TableDefinition table = new TableDefinition("public.word counts",
                List.of(new Column("word", LogicalType.string()), new Column("cnt", LogicalType.bigint())),
                List.of("word"));

        assertThat(factory.create().selectStatement(table))
                .isEqualTo("SELECT \"word\", \"cnt\" FROM \"public\".\"word counts\"");
    }
}
