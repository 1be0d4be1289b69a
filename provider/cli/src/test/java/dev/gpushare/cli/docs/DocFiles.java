package dev.gpushare.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Generated pages under the repository's {@code docs/}: a test compares the page with what its
 * generator produces; {@code -Dgolden.update=true} rewrites the page instead (then review the diff).
 */
final class DocFiles {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    private DocFiles() {}

    /** The repository root, found from the module directory Surefire runs the tests in. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("docs")) && Files.isDirectory(dir.resolve("schema"))) return dir;
        }
        throw new IllegalStateException("no repository root (docs/ and schema/) above " + Path.of("").toAbsolutePath());
    }

    /** Asserts that docs/{@code page} is exactly {@code generated}, or writes it under -Dgolden.update=true. */
    static void check(String page, String generated) {
        Path file = root().resolve("docs").resolve(page);
        try {
            if (UPDATE) {
                Files.writeString(file, generated, StandardCharsets.UTF_8);
                return;
            }
            assertThat(file).as("docs/%s is missing; create it with -Dgolden.update=true", page).exists();
            assertThat(Files.readString(file, StandardCharsets.UTF_8))
                    .as("docs/%s is stale; regenerate it with -Dgolden.update=true and review the diff", page)
                    .isEqualTo(generated);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A table cell: pipes escaped, line breaks flattened, so that one entry stays one row. */
    static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
