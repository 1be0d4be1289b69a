package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.io.ReadCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The spec-format page lists every reading and schema code, so that a new code gets documented. */
class SchemaCodeDocsTest {

    @Test
    void specFormatPageDocumentsEveryCode() throws IOException {
        String page = Files.readString(Path.of("../../docs/spec-format.md"));
        Stream.concat(Stream.of(SchemaCode.values()).map(Enum::name), Stream.of(ReadCode.values()).map(Enum::name))
                .forEach(code -> assertThat(page).as(code).contains("| `" + code + "` |"));
    }

    @Test
    void everyCodeSaysCauseAndFix() {
        for (SchemaCode c : SchemaCode.values()) {
            assertThat(c.cause()).as(c.name()).isNotBlank();
            assertThat(c.fix()).as(c.name()).isNotBlank();
        }
        for (ReadCode c : ReadCode.values()) {
            assertThat(c.cause()).as(c.name()).isNotBlank();
            assertThat(c.fix()).as(c.name()).isNotBlank();
        }
    }
}
