package io.sluice.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.planner.TableEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * Every arithmetic and comparison operator over every pair of numeric types, on the values where types
 * part ways (0, -1, each type's smallest and largest, 2^31, 2^63 - 1), in Sluice and in Flink 2.3: the
 * results must be the same values, printed the same way (a DECIMAL's scale shows in its text), and an
 * operator one engine refuses the other must refuse too.
 */
class ArithmeticDifferentialTest {
    private static final List<NumericType> TYPES = List.of(
            new NumericType("TINYINT", DataTypes.TINYINT(), Byte::valueOf, "0", "-1", "1", "-128", "127"),
            new NumericType("SMALLINT", DataTypes.SMALLINT(), Short::valueOf, "0", "-1", "-32768", "32767"),
            new NumericType("INT", DataTypes.INT(), Integer::valueOf, "0", "-1", "-2147483648", "2147483647"),
            new NumericType("BIGINT", DataTypes.BIGINT(), Long::valueOf, "0", "-1", "2147483648",
                    "-9223372036854775808", "9223372036854775807"),
            new NumericType("DECIMAL(10, 2)", DataTypes.DECIMAL(10, 2), BigDecimal::new, "0.00", "-1.00", "-0.01",
                    "12345678.99"),
            new NumericType("DECIMAL(38, 18)", DataTypes.DECIMAL(38, 18), BigDecimal::new,
                    "0.000000000000000000", "-1.000000000000000000", "0.000000000000000001",
                    "99999999999999999999.999999999999999999"),
            new NumericType("FLOAT", DataTypes.FLOAT(), Float::valueOf, "0.0", "-1.0", "2.5", "3.4028235E38"),
            new NumericType("DOUBLE", DataTypes.DOUBLE(), Double::valueOf, "0.0", "-1.0", "2.147483648E9",
                    "1.7976931348623157E308"));
    private static final List<String> OPERATORS = List.of("a + b", "a - b", "a * b",
            "CASE WHEN b <> 0 THEN a / b END", "a = b", "a <> b", "a < b", "a <= b", "a > b", "a >= b");
    /** MOD and {@code %} take exact numbers only, in Calcite as in Flink. */
    private static final List<String> MOD = List.of("CASE WHEN b <> 0 THEN MOD(a, b) END",
            "CASE WHEN b <> 0 THEN a % b END");

    /** A numeric SQL type, its Flink data type, how its values are made, and the values to try. */
    private record NumericType(String sql, DataType flink, Function<String, Object> value, String... values) {
        boolean exact() {
            return !sql.equals("FLOAT") && !sql.equals("DOUBLE");
        }
    }

    @Test
    void everyOperatorOverEveryPairOfNumericTypesComputesWhatFlinkComputes() throws Exception {
        List<NumericType[]> pairs = new ArrayList<>();
        TYPES.forEach(left -> TYPES.forEach(right -> pairs.add(new NumericType[] {left, right})));
        Map<Integer, List<String>> flink = flink(pairs);
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            NumericType left = pairs.get(i)[0];
            NumericType right = pairs.get(i)[1];
            List<String> sluice = sluice(left, right, query(left, right, "t"));
            List<String> expected = flink.getOrDefault(i, List.of()).stream().sorted().toList();
            if (!expected.equals(sluice)) {
                differences.add(left.sql() + " and " + right.sql() + ": " + query(left, right, "t")
                        + "\n  Flink only:  " + without(expected, sluice)
                        + "\n  Sluice only: " + without(sluice, expected));
            }
        }
        assertThat(differences).as("type pairs whose results differ from Flink's").isEmpty();
    }

    private static String query(NumericType left, NumericType right, String table) {
        List<String> operators = operators(left, right);
        return "SELECT a, b, " + IntStream.range(0, operators.size()).mapToObj(i -> operators.get(i) + " AS r" + i)
                .collect(Collectors.joining(", ")) + " FROM " + table;
    }

    private static List<String> without(List<String> rows, List<String> others) {
        return rows.stream().filter(row -> !others.contains(row)).toList();
    }

    /** A row as Flink's print sink shows it: decimals in plain notation, as {@code DecimalData} prints them. */
    private static String printed(Row row) {
        Object[] fields = new Object[row.getArity()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = row.getField(i) instanceof BigDecimal decimal ? decimal.toPlainString() : row.getField(i);
        }
        return row.getKind().shortString() + Arrays.toString(fields);
    }

    private static List<String> operators(NumericType left, NumericType right) {
        List<String> operators = new ArrayList<>(OPERATORS);
        if (left.exact() && right.exact()) {
            operators.addAll(MOD);
        }
        return operators;
    }

    /**
     * Each pair's rows, by the pair's index, from one Flink job (a job's start costs more than its
     * queries; the job's many channels need more network buffers than the MiniCluster's default); a pair
     * whose query Flink refuses has the line {@code refused}.
     */
    private static Map<Integer, List<String>> flink(List<NumericType[]> pairs) throws Exception {
        Configuration configuration = new Configuration();
        configuration.setString("taskmanager.memory.network.min", "256m");
        configuration.setString("taskmanager.memory.network.max", "256m");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        Map<Integer, List<String>> results = new HashMap<>();
        DataStream<String> all = null;
        for (int i = 0; i < pairs.size(); i++) {
            NumericType left = pairs.get(i)[0];
            NumericType right = pairs.get(i)[1];
            List<Row> rows = new ArrayList<>();
            for (String a : left.values()) {
                for (String b : right.values()) {
                    rows.add(Row.of(left.value().apply(a), right.value().apply(b)));
                }
            }
            tables.createTemporaryView("t" + i, tables.fromValues(DataTypes.ROW(DataTypes.FIELD("a", left.flink()),
                    DataTypes.FIELD("b", right.flink())), rows));
            DataStream<Row> changes;
            try {
                changes = tables.toChangelogStream(tables.sqlQuery(query(left, right, "t" + i)));
            } catch (RuntimeException e) {
                results.put(i, List.of("refused"));
                continue;
            }
            int index = i;
            DataStream<String> tagged = changes.map((MapFunction<Row, String>) row -> index + "\t" + printed(row))
                    .returns(Types.STRING);
            all = all == null ? tagged : all.union(tagged);
        }
        try (CloseableIterator<String> lines = all.executeAndCollect()) {
            lines.forEachRemaining(line -> {
                int tab = line.indexOf('\t');
                results.computeIfAbsent(Integer.parseInt(line.substring(0, tab)), k -> new ArrayList<>())
                        .add(line.substring(tab + 1));
            });
        }
        return results;
    }

    private static List<String> sluice(NumericType left, NumericType right, String query) {
        TableEnvironment env = TableEnvironment.create(Map.of("parallelism.default", "1"));
        StringBuilder rows = new StringBuilder();
        for (String a : left.values()) {
            for (String b : right.values()) {
                rows.append("+I[").append(a).append(", ").append(b).append("]\n");
            }
        }
        env.executeSql("CREATE TABLE t (a " + left.sql() + ", b " + right.sql() + ") WITH ('connector' = 'values', "
                + "'rows' = '" + rows.toString().strip() + "')");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            env.executeSql(query).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return List.of("refused");
        }
        return Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("\n")).filter(line -> !line.isEmpty())
                .sorted().toList();
    }
}
