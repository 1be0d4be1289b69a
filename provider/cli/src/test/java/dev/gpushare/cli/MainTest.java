package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import java.nio.file.Files;
import java.nio.file.Path;

/** The conventions every command shares: exit statuses, stdout vs stderr, help and version. */
class MainTest {
    @Test
    void noCommandPrintsUsageOnStderrAndExitsWithUsage() {
        CliResult r = Main.capture();
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("Usage: gpushare").contains("validate").contains("place");
    }

    @Test
    void unknownCommandSuggestsTheClosestOne() {
        CliResult r = Main.capture("valdate", "spec.yaml");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("valdate").contains("validate").contains("--help");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void unknownFormatIsAUsageError() {
        CliResult r = Main.capture("validate", "--format", "xml", "spec.yaml");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--format").contains("xml");
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate ../../examples/mps-sharing/spec.yaml", "catalog"})
    void aPictureFormatIsAUsageErrorWhereThereIsNoPicture(String commandLine) {
        String command = commandLine.split(" ")[0];
        CliResult r = Main.capture((commandLine + " --format svg").split(" "));
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("--format svg is not available for 'gpushare " + command + "'; use text or json");
        assertThat(r.out()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate", "place"})
    void noFileIsAUsageError(String command) {
        CliResult r = Main.capture(command);
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("FILE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate", "place"})
    void missingFilesAreAllNamedAndExitWithUsage(String command) {
        CliResult r = Main.capture(command, "no-such-a.yaml", "no-such-b.yaml");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("no-such-a.yaml: no such file").contains("no-such-b.yaml: no such file");
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aDirectoryIsAUsageError(@TempDir Path dir) {
        CliResult r = Main.capture("validate", dir.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("is a directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate", "place", "schema", "catalog"})
    void everyCommandHasHelpWithExamplesAndExitStatus(String command) {
        CliResult r = Main.capture(command, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: gpushare " + command).contains("Examples:").contains("--format");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void everyRegisteredCommandHasADescriptionAndExamples() {
        var cl = Main.commandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()));
        checkConventions(cl);
    }

    /** Every command documents itself; every leaf command (one that does the work) takes --format. */
    private static void checkConventions(picocli.CommandLine parent) {
        for (var sub : parent.getSubcommands().entrySet()) {
            if (sub.getKey().equals("help")) continue;
            var spec = sub.getValue().getCommandSpec();
            String name = spec.qualifiedName();
            assertThat(spec.usageMessage().description()).as(name + " description").isNotEmpty();
            // examples naming it in its own help, or for nested commands in the help of the group
            // (parent) or of the group's commands (children)
            List<String> footers = new java.util.ArrayList<>(List.of(spec.usageMessage().footer()));
            footers.addAll(List.of(parent.getCommandSpec().usageMessage().footer()));
            for (var child : sub.getValue().getSubcommands().values()) {
                footers.addAll(List.of(child.getCommandSpec().usageMessage().footer()));
            }
            assertThat(footers).as(name + " examples").anyMatch(l -> l.contains(name + " ") || l.endsWith(name));
            assertThat(spec.mixinStandardHelpOptions()).as(name + " --help").isTrue();
            if (sub.getValue().getSubcommands().isEmpty()) {
                assertThat(spec.findOption("--format")).as(name + " --format").isNotNull();
            } else {
                checkConventions(sub.getValue());
            }
        }
    }

    @Test
    void versionNamesTheProjectVersion() {
        CliResult r = Main.capture("--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("gpushare ").doesNotContain("${").doesNotContain("unknown");
    }

    @Test
    void anUnparsableFileIsInvalidNotAUsageError(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("broken.yaml"), "apiVersion: gpushare.dev/v1\ncluster: [unclosed\n");
        CliResult r = Main.capture("validate", f.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out()).contains("PARSE_ERROR").contains("1 problem in 1 file");
        assertThat(r.err()).isEmpty();
    }
}
