package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ADD JAR}: a function whose class is on no class path until the session adds its jar. */
class AddJarTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void aFunctionFromAnAddedJarRunsInQueriesAndTheJarIsListed(@TempDir Path directory) throws IOException {
        Path jar = functionJar(directory);
        tables.env.executeSql("CREATE TABLE letters (s STRING) WITH ('connector' = 'values', 'rows' = '+I[abcab]')");
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION twice AS 'added.Twice'"))
                .hasMessageContaining("class 'added.Twice' cannot be loaded");

        tables.env.executeSql("ADD JAR '" + jar + "'");
        tables.env.executeSql("CREATE FUNCTION twice AS 'added.Twice'");

        assertThat(tables.run("SHOW JARS")).isEqualTo(jar + "\n");
        assertThat(tables.run("SELECT twice(s) FROM letters")).isEqualTo("+I[abcababcab]\n");
    }

    @Test
    void aPathThatIsNoJarIsNamedAtItsPlace(@TempDir Path directory) throws IOException {
        Path text = Files.writeString(directory.resolve("notes.txt"), "not a jar");

        assertThatThrownBy(() -> tables.env.executeSql("ADD JAR '" + text + "'"))
                .isInstanceOf(SqlStatementException.class)
                .hasMessageStartingWith("ADD JAR: '" + text + "' is not a readable jar")
                .satisfies(e -> assertThat(((SqlStatementException) e).column()).isEqualTo(9));
        assertThatThrownBy(() -> tables.env.executeSql("ADD JAR 'nowhere.jar'"))
                .hasMessage("ADD JAR: 'nowhere.jar' is not a file");
    }

    /** A jar with {@code added.Twice}, a scalar function that repeats its argument, compiled here. */
    private static Path functionJar(Path directory) throws IOException {
        Path source = Files.createDirectories(directory.resolve("src/added")).resolve("Twice.java");
        Files.writeString(source, """
                package added;

                public class Twice extends io.sluice.api.functions.ScalarFunction {
                    public String eval(String s) {
                        return s == null ? null : s + s;
                    }
                }
                """);
        Path classes = Files.createDirectories(directory.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        int status = javac.run(null, null, null, "-d", classes.toString(), "-cp", classpath, source.toString());
        assertThat(status).as("javac").isZero();
        Path jar = directory.resolve("twice.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("added/Twice.class"));
            Files.copy(classes.resolve("added/Twice.class"), out);
            out.closeEntry();
        }
        return jar;
    }
}
