package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code gpushare validate} and {@code gpushare place}, text and JSON, on every example, run
 * in-process through {@link Main} and compared with golden files
 * ({@code golden/<example>/<command>.<txt|json>}; update with {@code -Dgolden.update=true}).
 */
class ExampleGoldenTest {
    static List<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (String example : ExampleFolders.names()) {
            for (String command : List.of("validate", "place")) {
                for (String format : List.of("text", "json")) runs.add(Arguments.of(example, command, format));
            }
        }
        return runs;
    }

    @ParameterizedTest(name = "gpushare {1} {0} --format {2}")
    @MethodSource("runs")
    void outputMatchesTheGoldenFile(String example, String command, String format) {
        CliResult r = Main.capture(command, ExampleFolders.spec(example).toString(), "--format", format);
        Golden.check(Path.of(example, command + (format.equals("json") ? ".json" : ".txt")), r.out());
        assertThat(r.err()).isEmpty();
        // every example is valid and fits: exit 0 for both commands
        assertThat(r.exitCode()).isZero();
    }

    @ParameterizedTest(name = "gpushare place {0} is deterministic")
    @MethodSource("dev.gpushare.examples.ExampleFolders#names")
    void placeIsByteForByteRepeatable(String example) {
        String spec = ExampleFolders.spec(example).toString();
        assertThat(Main.capture("place", spec, "--format", "json").out())
                .isEqualTo(Main.capture("place", spec, "--format", "json").out());
    }
}
