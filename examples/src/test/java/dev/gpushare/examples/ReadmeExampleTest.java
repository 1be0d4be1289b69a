package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SpecValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The YAML example of the repository README is a valid spec, and its commands name real files. */
class ReadmeExampleTest {
    static final Path README = Path.of("../README.md");

    @Test
    void theReadmeSpecIsValid(@TempDir Path dir) throws Exception {
        String readme = Files.readString(README);
        int start = readme.indexOf("```yaml\n");
        assertThat(start).as("a ```yaml block in README.md").isNotNegative();
        String yaml = readme.substring(start + 8, readme.indexOf("```", start + 8));
        Path spec = Files.writeString(dir.resolve("readme.yaml"), yaml);
        assertThat(SpecValidator.validateFiles(List.of(spec)).problems()).isEmpty();
    }

    @Test
    void theReadmeCommandsNameFilesThatExist() throws Exception {
        String readme = Files.readString(README);
        // the one test command, and the launcher
        assertThat(readme).contains("\n./test\n");
        assertThat(Path.of("../test")).isExecutable();
        assertThat(Path.of("../gpushare")).isExecutable();
        // every example spec the README names is there
        var specs = java.util.regex.Pattern.compile("examples/[\\w./-]+\\.yaml").matcher(readme).results()
                .map(java.util.regex.MatchResult::group).toList();
        assertThat(specs).isNotEmpty();
        for (String spec : specs) assertThat(Path.of("..", spec)).as(spec).exists();
    }
}
