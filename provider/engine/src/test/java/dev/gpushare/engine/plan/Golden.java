package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Golden files under {@code src/test/resources/golden/}; {@code -Dgolden.update=true} rewrites them. */
public final class Golden {
    private static final Path ROOT = Path.of("src/test/resources/golden");

    private Golden() {}

    public static void assertMatches(String name, String actual) {
        Path file = ROOT.resolve(name);
        try {
            if (Boolean.getBoolean("golden.update") || !Files.exists(file) && Boolean.getBoolean("golden.create")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
            }
            assertThat(file).as("golden file %s (run with -Dgolden.update=true to write it)", file).exists();
            assertThat(actual).as("output differs from golden file %s", file).isEqualTo(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
