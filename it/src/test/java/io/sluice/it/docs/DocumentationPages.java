package io.sluice.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The pages whose samples must run: README.md, then docs/*.md in name order. */
public final class DocumentationPages {
    private DocumentationPages() {
    }

    static List<DocSample> samples() throws IOException {
        Path root = repositoryRoot();
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<DocSample> samples = new ArrayList<>();
        for (Path page : pages) {
            String name = root.relativize(page).toString();
            samples.addAll(MarkdownSamples.parse(name, Files.readString(page, StandardCharsets.UTF_8)));
        }
        return samples;
    }

    /** The checkout's root: the nearest directory above the working directory with ./sluice and docs/. */
    /** The checkout: the nearest directory above this one with ./sluice and docs/. */
    public static Path repositoryRoot() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null) {
            if (Files.isRegularFile(directory.resolve("sluice")) && Files.isDirectory(directory.resolve("docs"))) {
                return directory;
            }
            directory = directory.getParent();
        }
        throw new UncheckedIOException(new IOException("No directory with ./sluice and docs/ above "
                + Path.of("").toAbsolutePath()));
    }
}
