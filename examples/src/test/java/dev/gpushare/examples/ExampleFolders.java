package dev.gpushare.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The example folders of this module: every directory next to {@code src/} that holds a
 * {@code spec.yaml}. Found on disk, so that a new example is checked without editing a test.
 */
final class ExampleFolders {
    /** The module directory, where Surefire runs the tests. */
    static final Path BASE = Path.of("");

    private ExampleFolders() {}

    /** Folder names, sorted. */
    static List<String> names() {
        try (Stream<Path> dirs = Files.list(BASE.toAbsolutePath())) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("spec.yaml")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The spec of an example as the CLI is given it: relative to the module directory. */
    static Path spec(String name) {
        return Path.of(name, "spec.yaml");
    }
}
