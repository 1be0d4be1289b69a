package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/validation.md carries the row of every code, exactly as the enum says it. */
class ValidationDocsTest {
    @Test
    void everyCodeHasItsRowInTheDocs() throws IOException {
        String docs = Files.readString(docsFile());
        for (ValidationCode code : ValidationCode.values()) {
            String row = "| `" + code.name() + "` | " + code.cause().replace("|", "\\|") + " | "
                    + code.fix().replace("|", "\\|") + " |";
            assertThat(docs).as("docs/validation.md row for " + code).contains(row);
        }
    }

    /** The repository's docs folder, found from the module directory the tests run in. */
    private static Path docsFile() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("docs/validation.md");
            if (Files.exists(candidate)) return candidate;
        }
        throw new IllegalStateException("docs/validation.md not found above " + Path.of("").toAbsolutePath());
    }
}
