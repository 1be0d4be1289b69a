package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/java-api, a Maven project outside this build whose only gpushare dependency is
 * {@code dev.gpushare:gpushare-api}, built offline against the artifacts this build installed
 * into target/installed-m2 (the install-file executions of this module's pom), then run.
 *
 * <p>Offline: the build's local repository is empty and its one repository is a file:// mirror
 * that holds this build's Maven repository (third-party libraries and plugins) with the dev.gpushare
 * artifacts taken from target/installed-m2 only, so a gpushare module missing from the installation
 * or a dependency missing from a pom fails the build, and nothing comes from the network.
 */
class OutOfTreeMavenProcessTest {
    private static final Path INSTALLED = Path.of("target/installed-m2").toAbsolutePath();
    private static final Path CLI_JAR = Path.of("../provider/cli/target/gpushare.jar").toAbsolutePath().normalize();

    @TempDir
    static Path work;

    private static Path jar;

    @BeforeAll
    static void buildTheProjectOffline() throws IOException {
        // -Dtest=… overrides the surefire excludes, so it runs this class in the test phase too:
        // before this module's package phase installs target/installed-m2, against the jars of the
        // previous build (a stale engine planning for the current server, whose checks refuse it).
        // The integration-test execution of the same run, after the install, runs it for real.
        Assumptions.assumeTrue("integration-test".equals(System.getProperty("gpushare.phase")),
                "runs in the integration-test phase, after the package phase installs target/installed-m2");
        Jvm.require(Files.isRegularFile(INSTALLED.resolve("dev/gpushare/gpushare-api/0.1.0/gpushare-api-0.1.0.jar")),
                INSTALLED + " holds no gpushare-api: run the build to the package phase (mvn -pl examples -am verify)");
        Path session = Path.of(System.getProperty("gpushare.m2", ""));
        Path mvn = Path.of(System.getProperty("maven.home", ""), "bin", "mvn");
        Jvm.require(Files.isDirectory(session) && Files.isExecutable(mvn), "run under Maven (gpushare.m2, maven.home)");

        Path mirror = mirror(session);
        Path settings = work.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <mirrors>
                    <mirror><id>installed</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                </settings>
                """.formatted(mirror.toUri()));
        Path project = work.resolve("project");
        copy(Path.of("java-api"), project);
        Jvm.Run build = Jvm.run(project, Map.of("JAVA_HOME", System.getProperty("java.home")), 600, List.of(
                mvn.toString(), "-B", "-q", "-o", "-Daether.offline.protocols=file", "-s", settings.toString(),
                "-Dmaven.repo.local=" + work.resolve("m2"), "package"));
        assertThat(build.exitCode()).as(build.describe()).isZero();
        jar = project.resolve("target/gpushare-api-example.jar");
    }

    @Test
    void itDependsOnTheApiModulesAndTheirLibrariesOnly() throws IOException {
        List<String> classPath;
        try (JarFile j = new JarFile(jar.toFile())) {
            classPath = List.of(j.getManifest().getMainAttributes().getValue("Class-Path").split(" "));
        }
        TreeSet<String> gpushare = new TreeSet<>();
        for (String entry : classPath) {
            if (entry.contains("/dev/gpushare/")) gpushare.add(Path.of(entry).getFileName().toString());
        }
        assertThat(gpushare).containsExactly("gpushare-api-0.1.0.jar", "gpushare-engine-0.1.0.jar",
                "gpushare-model-0.1.0.jar", "gpushare-schema-0.1.0.jar", "gpushare-server-0.1.0.jar");
        // the CLI's and the service's libraries stay out of a library user's build
        assertThat(String.join(" ", classPath)).contains("sqlite-jdbc", "jackson-databind")
                .doesNotContain("picocli", "postgresql", "flyway");
    }

    @Test
    void itPlansAndAppliesOnTheLocalBackendWithAQuietConsole() {
        // l4 (g6.12xlarge, 4 L4): 4 embedder copies of 4096 MiB / 25 % MPS fit one instance;
        // mig (ml.p4d.24xlarge, 8 A100): 1 instance for gpt2 → 2 instances, 4 + 8 = 12 GPUs, 5 copies
        Jvm.Run r = Jvm.run(work, Map.of(), 120, List.of(Jvm.java(), "-jar", jar.toString(), "file:" + work.resolve("state")));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.out()).contains("plan: Plan: 2 instances to launch, 5 copies to place")
                .contains("applied: 2 instances, 12 GPUs, 5 allocations, 0 unplaced");
        assertThat(r.err()).as("nothing but the program's output: no SLF4J notice, no native-access warning\n"
                + r.describe()).isEmpty();
    }

    @Test
    void withoutNativeAccessOnlyTheJdkWarns() {
        // the same program on the class path, without the manifest's Enable-Native-Access: the
        // JDK's own warning (24+), which a library cannot silence, and not a line from gpushare
        Jvm.Run r = Jvm.run(work, Map.of(), 120, List.of(Jvm.java(), "-cp", jar.toString(),
                "com.example.gpushare.PlanCluster", "file:" + work.resolve("state-cp")));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(Jvm.withoutJdkNativeAccessWarning(r.err())).as(r.describe()).isEmpty();
    }

    @Test
    void itPlansAndAppliesOnTheRemoteBackend() throws Exception {
        Jvm.require(Files.isRegularFile(CLI_JAR), CLI_JAR + " is missing: mvn -pl provider/cli -am package");
        Path tokens = Files.writeString(work.resolve("tokens"), "out-of-tree-test-token-0123456789\n");
        Process server = new ProcessBuilder(Jvm.java(), "-jar", CLI_JAR.toString(), "serve", "--port", "0",
                "--token-file", tokens.toString(), "--store", "file:" + work.resolve("server-state"))
                .redirectErrorStream(true).start();
        try {
            String url = listeningUrl(server);
            Jvm.Run r = Jvm.run(work, Map.of("GPUSHARE_TOKEN", "out-of-tree-test-token-0123456789"), 120,
                    List.of(Jvm.java(), "-jar", jar.toString(), url));
            assertThat(r.exitCode()).as(r.describe()).isZero();
            assertThat(r.out()).contains("applied: 2 instances, 12 GPUs, 5 allocations, 0 unplaced");
            assertThat(r.err()).as(r.describe()).isEmpty();
        } finally {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) server.destroyForcibly().waitFor();
        }
    }

    /** Reads the server's output up to its "listening on URL" line (on a thread: the pipe must not fill). */
    private static String listeningUrl(Process server) throws Exception {
        var found = new java.util.concurrent.CompletableFuture<String>();
        StringBuilder seen = new StringBuilder();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (seen) {
                        seen.append(line).append('\n');
                    }
                    int at = line.indexOf("listening on ");
                    if (at >= 0) found.complete(line.substring(at + "listening on ".length()).split(" ")[0]);
                }
                found.completeExceptionally(new IllegalStateException("the server stopped:\n" + seen));
            } catch (IOException e) {
                found.completeExceptionally(e);
            }
        });
        return found.get(60, TimeUnit.SECONDS);
    }

    /**
     * A file:// repository that is {@code session} without its dev/gpushare artifacts, and with
     * target/installed-m2's instead (links, not copies).
     */
    private static Path mirror(Path session) throws IOException {
        Path mirror = Files.createDirectories(work.resolve("mirror"));
        try (Stream<Path> top = Files.list(session)) {
            for (Path p : top.toList()) {
                if (!p.getFileName().toString().equals("dev")) Files.createSymbolicLink(mirror.resolve(p.getFileName().toString()), p);
            }
        }
        Path dev = Files.createDirectories(mirror.resolve("dev"));
        if (Files.isDirectory(session.resolve("dev"))) {
            try (Stream<Path> groups = Files.list(session.resolve("dev"))) {
                for (Path p : groups.toList()) {
                    if (!p.getFileName().toString().equals("gpushare")) Files.createSymbolicLink(dev.resolve(p.getFileName().toString()), p);
                }
            }
        }
        Files.createSymbolicLink(dev.resolve("gpushare"), INSTALLED.resolve("dev/gpushare"));
        return mirror;
    }

    private static void copy(Path from, Path to) {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                String rel = from.relativize(p).toString();
                if (rel.equals("target") || rel.startsWith("target/")) continue;
                Path target = to.resolve(rel);
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
