package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input on every command that reads a spec: a clear problem with its code and exit 1 (or 2 for
 * an unusable path), never "internal error" and exit 70.
 */
class BadInputTest {
    @TempDir Path dir;

    static final String SPEC = CommandExitCodesTest.SPEC.formatted(2).replace("cluster: tiny", "cluster: tíny");

    /** Every command that reads spec files, with the arguments it needs besides the file. */
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of(List.of("validate")),
                Arguments.of(List.of("place")),
                Arguments.of(List.of("plan", "--backend", "file:BACKEND")),
                Arguments.of(List.of("apply", "--auto-approve", "--backend", "file:BACKEND")),
                Arguments.of(List.of("advise")),
                Arguments.of(List.of("export", "ecs")),
                Arguments.of(List.of("export", "sagemaker")));
    }

    private CliResult run(List<String> command, Path file) {
        List<String> args = new ArrayList<>();
        for (String a : command) args.add(a.replace("BACKEND", dir.resolve("state").toString()));
        args.add(file.toString());
        return Main.capture(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void notUtf8IsAProblemWithItsCode(List<String> command) throws Exception {
        Path latin1 = Files.write(dir.resolve("latin1.yaml"), SPEC.getBytes(StandardCharsets.ISO_8859_1));
        Path utf16 = Files.write(dir.resolve("utf16.yaml"), SPEC.getBytes(StandardCharsets.UTF_16));
        byte[] noise = new byte[2048];
        new java.util.Random(7).nextBytes(noise);
        Path random = Files.write(dir.resolve("random.yaml"), noise);
        for (Path f : List.of(latin1, utf16, random)) {
            CliResult r = run(command, f);
            assertThat(r.exitCode()).as(f + "\n" + r.err() + r.out()).isEqualTo(ExitCodes.INVALID);
            assertThat(r.out() + r.err()).contains(f + ":", "NOT_UTF8", "save it as UTF-8").doesNotContain("internal error", "\tat ");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aNumberNoTypeHoldsIsOutOfRange(List<String> command) throws Exception {
        Path f = Files.writeString(dir.resolve("huge.yaml"), SPEC.replace("tíny", "tiny").replace("desiredCount: 2", "desiredCount: 1e400"));
        CliResult r = run(command, f);
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out() + r.err()).contains("NUMBER_OUT_OF_RANGE /services/0/desiredCount", "1e400")
                .doesNotContain("internal error");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void sizesNoMachineHoldsAreRefusedWithTheNumbers(List<String> command) throws Exception {
        // 2147483647 copies, and 10,000,000 instances up front: both over the documented limits
        Path copies = Files.writeString(dir.resolve("copies.yaml"),
                SPEC.replace("tíny", "tiny").replace("desiredCount: 2", "desiredCount: 2147483647"));
        Path instances = Files.writeString(dir.resolve("instances.yaml"), SPEC.replace("tíny", "tiny")
                .replace("maxInstances: 1", "minInstances: 10000000, maxInstances: 10000000"));
        CliResult r = run(command, copies);
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out() + r.err()).contains("SPEC_TOO_LARGE /services/0/desiredCount", "2147483647", "1000000");
        r = run(command, instances);
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out() + r.err()).contains("SPEC_TOO_LARGE /capacityProviders/0/minInstances", "10000000", "100000");
    }

    @Test
    void exportToADirectoryThatIsAFileIsAUsageError() throws Exception {
        Path spec = Files.writeString(dir.resolve("ok.yaml"), SPEC.replace("tíny", "tiny"));
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        CliResult r = Main.capture("export", "ecs", "--out-dir", file.toString(), spec.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains(file.toString(), "not a directory").doesNotContain("internal error");
        Path underFile = file.resolve("sub");
        r = Main.capture("export", "ecs", "--out-dir", underFile.toString(), spec.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains(underFile.toString()).doesNotContain("internal error");
    }
}
