package io.sluice.examples.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class H2StatementsTest {
    private final H2Dialect dialect = new H2Dialect();

    @Test
    void aSingleKeyUpsertsWithMergeAndDeletesByKey() {
        H2Statements statements = statements(table("orders", List.of("id"), "id", "status"));

        assertThat(statements.upsert()).isEqualTo("MERGE INTO \"orders\" (\"id\", \"status\") KEY (\"id\") VALUES (?, ?)");
        assertThat(statements.delete()).isEqualTo("DELETE FROM \"orders\" WHERE \"id\" = ?");
        assertThat(statements.insert()).isEqualTo("INSERT INTO \"orders\" (\"id\", \"status\") VALUES (?, ?)");
    }

    @Test
    void aCompositeKeyNamesEveryKeyColumnInKeyOrder() {
        H2Statements statements = statements(table("sales", List.of("day", "store"), "store", "day", "revenue"));

        assertThat(statements.upsert())
                .isEqualTo("MERGE INTO \"sales\" (\"store\", \"day\", \"revenue\") KEY (\"day\", \"store\") VALUES (?, ?, ?)");
        assertThat(statements.delete()).isEqualTo("DELETE FROM \"sales\" WHERE \"day\" = ? AND \"store\" = ?");
    }

    @Test
    void aTableOfKeysOnlyStillMerges() {
        H2Statements statements = statements(table("tags", List.of("tag"), "tag"));

        assertThat(statements.upsert()).isEqualTo("MERGE INTO \"tags\" (\"tag\") KEY (\"tag\") VALUES (?)");
    }

    @Test
    void oddIdentifiersAndSchemaQualifiedNamesAreQuoted() {
        H2Statements statements = statements(table("shop.my table", List.of("order"), "order", "say \"hi\""));

        assertThat(statements.upsert()).isEqualTo(
                "MERGE INTO \"shop\".\"my table\" (\"order\", \"say \"\"hi\"\"\") KEY (\"order\") VALUES (?, ?)");
        assertThat(statements.delete()).isEqualTo("DELETE FROM \"shop\".\"my table\" WHERE \"order\" = ?");
    }

    private H2Statements statements(TableDefinition table) {
        return new H2Statements(table, dialect.quoteTableName(table.tableName()), dialect::quoteIdentifier);
    }

    private static TableDefinition table(String name, List<String> key, String... columns) {
        List<Column> declared = List.of(columns).stream().map(c -> new Column(c, LogicalType.string())).toList();
        return new TableDefinition(name, declared, key);
    }
}
