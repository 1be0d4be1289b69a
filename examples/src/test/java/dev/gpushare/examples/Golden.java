package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under {@code src/test/resources/golden/}: the test compares the output with the
 * file; {@code -Dgolden.update=true} rewrites the files instead (then review the diff).
 */
final class Golden {
    static final Path ROOT = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    private Golden() {}

    static void check(Path relative, String actual) {
        checkFile(ROOT.resolve(relative), actual);
    }

    /** The same for a golden file elsewhere in the module (an example's own file, next to its spec). */
    static void checkFile(Path file, String actual) {
        try {
            if (UPDATE) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            assertThat(file).as("golden file %s is missing; create it with -Dgolden.update=true", file).exists();
            assertThat(actual)
                    .as("output differs from %s; if the change is intended, rerun with -Dgolden.update=true and review the diff", file)
                    .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
