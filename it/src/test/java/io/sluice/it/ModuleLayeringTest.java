package io.sluice.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dependencies point one way: connector-api at the bottom; runtime-core above it and planner-core above
 * runtime-core; jdbc-sink above connector-api and the dialects above jdbc-sink; the formats and the
 * Kafka connector above connector-api (the connector finds formats and the embedded broker as plug-ins);
 * the CLI on top. Calcite stays inside planner-core. These rules fail the build when a module reaches up or sideways.
 */
class ModuleLayeringTest {
    private static final String API = "io.sluice.api..";
    private static final String CONNECTORS = "io.sluice.connectors..";
    private static final String RUNTIME = "io.sluice.runtime..";
    private static final String PLANNER = "io.sluice.planner..";
    private static final String JDBC_CORE = "io.sluice.jdbc";
    private static final String JDBC_SPI = "io.sluice.jdbc.dialect..";
    private static final String JDBC_INTERNAL = "io.sluice.jdbc.internal..";
    private static final String MYSQL = "io.sluice.jdbc.mysql..";
    private static final String POSTGRES = "io.sluice.jdbc.postgres..";
    private static final String EMBEDDED = "io.sluice.embedded..";
    private static final String TESTING = "io.sluice.testing..";
    private static final String CLI = "io.sluice.cli..";
    private static final String EXPERIMENTS = "io.sluice.experiments..";
    private static final String FORMATS = "io.sluice.formats..";
    private static final String KAFKA = "io.sluice.kafka";
    private static final String EMBEDDED_KAFKA = "io.sluice.kafka.embedded..";

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.sluice");
    }

    @Test
    void connectorApiDependsOnNoOtherModule() {
        noClasses().that().resideInAPackage(API).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, MYSQL, POSTGRES,
                        EMBEDDED, TESTING, CLI, FORMATS, KAFKA, EMBEDDED_KAFKA)
                .check(classes);
    }

    @Test
    void formatsUseOnlyTheApi() {
        noClasses().that().resideInAPackage(FORMATS).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, EMBEDDED, TESTING,
                        CLI, KAFKA, EMBEDDED_KAFKA)
                .check(classes);
    }

    @Test
    void theKafkaConnectorFindsFormatsAndTheEmbeddedBrokerAsPlugIns() {
        noClasses().that().resideInAPackage(KAFKA).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, EMBEDDED, TESTING,
                        CLI, FORMATS, EMBEDDED_KAFKA)
                .check(classes);
        noClasses().that().resideInAPackage(EMBEDDED_KAFKA).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, JDBC_CORE, EMBEDDED, TESTING, CLI, FORMATS)
                .check(classes);
    }

    @Test
    void builtInConnectorsUseOnlyTheApi() {
        noClasses().that().resideInAPackage(CONNECTORS).should().dependOnClassesThat()
                .resideInAnyPackage(RUNTIME, PLANNER, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, MYSQL, POSTGRES, EMBEDDED,
                        TESTING, CLI)
                .check(classes);
    }

    @Test
    void runtimeSitsOnTheApiOnly() {
        noClasses().that().resideInAPackage(RUNTIME).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, PLANNER, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, MYSQL, POSTGRES, EMBEDDED,
                        TESTING, CLI)
                .check(classes);
    }

    @Test
    void plannerSitsOnTheRuntime() {
        noClasses().that().resideInAPackage(PLANNER).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, JDBC_CORE, JDBC_SPI, JDBC_INTERNAL, MYSQL, POSTGRES, EMBEDDED, TESTING,
                        CLI)
                .check(classes);
    }

    @Test
    void jdbcSinkKnowsNoDialectAndNoEngine() {
        noClasses().that().resideInAnyPackage(JDBC_CORE, JDBC_SPI, JDBC_INTERNAL).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, MYSQL, POSTGRES, EMBEDDED, TESTING, CLI)
                .check(classes);
    }

    @Test
    void dialectsKnowOnlyTheSinkAndNotEachOther() {
        noClasses().that().resideInAPackage(MYSQL).should().dependOnClassesThat()
                .resideInAnyPackage(POSTGRES, CONNECTORS, RUNTIME, PLANNER, EMBEDDED, TESTING, CLI)
                .check(classes);
        noClasses().that().resideInAPackage(POSTGRES).should().dependOnClassesThat()
                .resideInAnyPackage(MYSQL, CONNECTORS, RUNTIME, PLANNER, EMBEDDED, TESTING, CLI)
                .check(classes);
    }

    @Test
    void embeddedDatabasesKnowNoDialectAndNoEngine() {
        noClasses().that().resideInAPackage(EMBEDDED).should().dependOnClassesThat()
                .resideInAnyPackage(CONNECTORS, RUNTIME, PLANNER, MYSQL, POSTGRES, TESTING, CLI)
                .check(classes);
    }

    @Test
    void onlyTheCliRunsTheExperiments() {
        noClasses().that().resideOutsideOfPackages(CLI, EXPERIMENTS).should().dependOnClassesThat()
                .resideInAPackage(EXPERIMENTS)
                .check(classes);
    }

    @Test
    void nothingDependsOnTheCli() {
        noClasses().that().resideOutsideOfPackage(CLI).should().dependOnClassesThat().resideInAPackage(CLI)
                .check(classes);
    }

    @Test
    void flinkStaysInsideItsConnector() {
        noClasses().that().resideOutsideOfPackage("io.sluice.flink..").should().dependOnClassesThat()
                .resideInAPackage("org.apache.flink..")
                .check(classes);
    }

    /**
     * A module's {@code internal} package is its own: no class of another module (another classes
     * directory or jar) uses it. What other modules need goes through the module's public packages.
     */
    @Test
    void internalPackagesAreUsedOnlyInsideTheirModule() {
        classes().that().resideInAPackage("io.sluice..internal..").should(beUsedOnlyFromTheirOwnModule())
                .check(classes);
    }

    private static ArchCondition<JavaClass> beUsedOnlyFromTheirOwnModule() {
        return new ArchCondition<>("be used only from their own module") {
            @Override
            public void check(JavaClass internal, ConditionEvents events) {
                String module = moduleOf(internal);
                for (Dependency dependency : internal.getDirectDependenciesToSelf()) {
                    JavaClass user = dependency.getOriginClass();
                    if (!moduleOf(user).equals(module)) {
                        events.add(SimpleConditionEvent.violated(dependency, user.getName() + " (" + moduleOf(user)
                                + ") uses " + internal.getName() + " of " + module));
                    }
                }
            }
        };
    }

    /** The classes directory or jar a class was loaded from, which is its module. */
    private static String moduleOf(JavaClass javaClass) {
        String location = javaClass.getSource().map(source -> source.getUri().toString()).orElse("?");
        int classes = location.indexOf("/target/classes/");
        if (classes >= 0) {
            return location.substring(0, classes);
        }
        int jar = location.indexOf(".jar!");
        return jar >= 0 ? location.substring(0, jar) : location;
    }

    @Test
    void calciteStaysInsideThePlanner() {
        noClasses().that().resideOutsideOfPackage(PLANNER).should().dependOnClassesThat()
                .resideInAPackage("org.apache.calcite..")
                .check(classes);
    }
}
