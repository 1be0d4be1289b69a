package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded CLI jar prints nothing on stderr but its own messages: no SLF4J "no providers"
 * notices, and, run as {@code java -jar} (as ./gpushare does), no native-access warning (its
 * manifest grants it). Run as {@code java -cp gpushare.jar dev.gpushare.cli.Main}, the JDK (24+)
 * itself warns once that SQLite loads a native library — a class-path program cannot grant itself
 * native access; docs/cli.md says to add --enable-native-access=ALL-UNNAMED — and nothing else.
 */
class CliJarConsoleProcessTest {
    private static final Path JAR = Path.of("../provider/cli/target/gpushare.jar").toAbsolutePath().normalize();

    @TempDir
    static Path work;

    @BeforeAll
    static void spec() throws IOException {
        Jvm.require(Files.isRegularFile(JAR), JAR + " is missing: mvn -pl provider/cli -am package");
        Files.copy(ExampleFolders.spec("mps-sharing"), work.resolve("spec.yaml"));
        Files.writeString(work.resolve("bad.yaml"), Files.readString(work.resolve("spec.yaml"))
                .replaceFirst("desiredCount: \\d+", "desiredCount: -1"));
    }

    @Test
    void javaJarPrintsOnlyItsOwnOutput() {
        // a state file of its own per test: the first open of a backend loads SQLite
        String backend = "--backend=file:" + work.resolve("jar-state");
        for (List<String> args : List.of(
                List.of("validate", "spec.yaml"),
                List.of("plan", backend, "spec.yaml"),
                List.of("apply", backend, "--auto-approve", "spec.yaml"),
                List.of("status", backend, "--cluster=embeddings-prod"))) {
            Jvm.Run r = cli(List.of(Jvm.java(), "-jar", JAR.toString()), args);
            assertThat(r.exitCode()).as(r.describe()).isZero();
            assertThat(r.err()).as(args + "\n" + r.describe()).isEmpty();
        }
    }

    @Test
    void aUsageErrorPrintsTheMessageOnly() {
        Jvm.Run r = cli(List.of(Jvm.java(), "-jar", JAR.toString()), List.of("validate", "bad.yaml"));
        assertThat(r.exitCode()).as(r.describe()).isNotZero();
        assertThat(r.out() + r.err()).contains("desiredCount").doesNotContain("SLF4J").doesNotContain("WARNING:");
    }

    @Test
    void javaCpPrintsNoSlf4jNoticeAndAtMostTheJdksNativeAccessWarning() {
        Jvm.Run r = cli(List.of(Jvm.java(), "-cp", JAR.toString(), "dev.gpushare.cli.Main"),
                List.of("apply", "--backend=file:" + work.resolve("cp-state"), "--auto-approve", "spec.yaml"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(Jvm.withoutJdkNativeAccessWarning(r.err())).as(r.describe()).isEmpty();
        if (Jvm.jdkWarnsOnNativeAccess()) assertThat(r.err()).startsWith(Jvm.JDK_NATIVE_ACCESS_WARNING_STARTS.getFirst());

        Jvm.Run granted = cli(List.of(Jvm.java(), "--enable-native-access=ALL-UNNAMED", "-cp", JAR.toString(), "dev.gpushare.cli.Main"),
                List.of("status", "--backend=file:" + work.resolve("cp-state"), "--cluster=embeddings-prod"));
        assertThat(granted.exitCode()).as(granted.describe()).isZero();
        assertThat(granted.err()).as(granted.describe()).isEmpty();
    }

    private static Jvm.Run cli(List<String> java, List<String> args) {
        List<String> cmd = new ArrayList<>(java);
        cmd.addAll(args);
        return Jvm.run(work, Map.of(), 120, cmd);
    }
}
