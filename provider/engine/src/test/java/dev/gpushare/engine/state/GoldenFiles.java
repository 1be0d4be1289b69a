package dev.gpushare.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares printed output with a file under {@code src/test/resources/golden/}. Run with
 * {@code -Dgolden.update=true} to rewrite the files after an intended change (then review the diff).
 */
public final class GoldenFiles {
    private static final Path ROOT = Path.of("src/test/resources/golden");

    private GoldenFiles() {}

    public static void assertMatches(String relativePath, String actual) {
        Path file = ROOT.resolve(relativePath);
        try {
            if (Boolean.getBoolean("golden.update") || !Files.exists(file)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
                if (!Boolean.getBoolean("golden.update")) {
                    throw new AssertionError("golden file " + file + " was missing and has been written; review it and rerun");
                }
                return;
            }
            assertThat(actual).as("golden file %s (rerun with -Dgolden.update=true after an intended change)", file)
                    .isEqualTo(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
