package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.Empty;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pulumirpc.ResourceProviderGrpc;

/**
 * The provider daemon through the real launcher (target/plugin/pulumi-resource-gpushare): one daemon
 * per user, jar, JVM and environment serves each plugin process's operation in a session of its own,
 * once warm; until then the launcher serves the operation in its own JVM. Each test has a daemon
 * directory of its own and stops its daemons at its end, failed or not.
 */
class PluginDaemonProcessTest {
    static final String DAEMON_MAIN = "dev.gpushare.pulumi.daemon.DaemonMain";

    @TempDir Path dir;
    Path base;

    @BeforeEach
    void base() throws IOException {
        assumeTrue(PluginProcess.built(), "target/plugin not built (run mvn package)");
        base = Files.createTempDirectory(Path.of("/tmp"), "gpushare-daemon-test");
    }

    @AfterEach
    void stopDaemons() {
        if (base == null) return;
        TestDaemons.stopAll(base); // and removes the directory
        assertThat(daemons()).as("daemons left running under " + base).isEmpty();
    }

    @Test
    void theFirstOperationIsServedInItsOwnJvmAndTheDaemonStartsAfterIt() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        try (PluginProcess cold = start(a, Map.of())) {
            assertThat(arguments(cold.process.toHandle())).as("no daemon answers: the one-JVM plugin").contains("-jar");
            EngineDriver engine = new EngineDriver(stub(cold));
            engine.start("{}", null);
            engine.up(Demo.v1());
            // the daemon waits for this operation's JVM to exit: no JVM of its own yet, no port
            Path key = keyDir();
            assertThat(key.resolve("pid")).doesNotExist();
            assertThat(key.resolve("port")).doesNotExist();
        }
        ProcessHandle daemon = awaitWarm();
        Path key = keyDir();
        assertThat(Files.readString(key.resolve("daemon.log"))).contains("warmed up in");
        // this user's only: the directory 0700, the port and the token 0600
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key.resolve("port")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key.resolve("token")))).isEqualTo("rw-------");
        // the next operation: a session of the daemon, with the state the first one stored
        try (PluginProcess warm = start(a, Map.of())) {
            assertThat(Files.readString(key.resolve("daemon.log"))).contains("session 1 on port " + warm.firstLine.trim() + " ");
            assertThat(onlyDaemon().pid()).isEqualTo(daemon.pid());
            EngineDriver engine = new EngineDriver(stub(warm));
            engine.start("{}", null);
            assertThat(engine.preview(Demo.v1())).containsKey("embedder");
        }
    }

    @Test
    void theDaemonListensOnLoopbackOnlyAndRefusesAWrongTokenBeforeAnythingElse() throws Exception {
        warmDaemon(Files.createDirectories(dir.resolve("a")));
        Path key = keyDir();
        int port = Integer.parseInt(Files.readString(key.resolve("port")).trim());
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            assertThat(s.getLocalAddress().isLoopbackAddress()).isTrue();
            s.getOutputStream().write("not-the-token\0open\0/tmp\0".getBytes(StandardCharsets.UTF_8));
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(reply).isEqualTo("error refused: wrong token (a client of another daemon?)\n");
        }
        assertThat(Files.readString(key.resolve("daemon.log"))).contains("refused a connection with a wrong token")
                .doesNotContain("session 1");
        // bound to 127.0.0.1 alone: /proc/net/tcp (or tcp6, as ::ffff:127.0.0.1) lists the listening port
        // (state 0A) with the loopback address only
        String hexPort = String.format(":%04X", port);
        List<String> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 3 && f[1].endsWith(hexPort) && f[3].equals("0A")) listening.add(f[1]);
            }
        }
        assertThat(listening).isNotEmpty().allMatch(a -> a.equals("0100007F" + hexPort)
                || a.equals("0000000000000000FFFF00000100007F" + hexPort));
    }

    @Test
    void secondSessionIsServedByTheSameDaemonWithAProviderOfItsOwn() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a")), b = Files.createDirectories(dir.resolve("b"));
        ProcessHandle daemon = warmDaemon(a);
        try (PluginProcess first = start(a, Map.of()); PluginProcess second = start(b, Map.of())) {
            // the sessions run at once, each on its own port, in the one daemon, which is neither client
            assertThat(first.firstLine).isNotEqualTo(second.firstLine);
            assertThat(daemon.pid()).isNotIn(first.process.pid(), second.process.pid());
            assertThat(onlyDaemon().pid()).isEqualTo(daemon.pid());
            assertThat(Files.readString(keyDir().resolve("pid")).trim()).isEqualTo(Long.toString(daemon.pid()));
            // independent providers: A's backend is set in A's config, B takes the default; each
            // resolves its relative path from its own plugin process's directory (not the daemon's)
            EngineDriver engineA = new EngineDriver(stub(first)), engineB = new EngineDriver(stub(second));
            engineA.start("{\"backend\":\"file:elsewhere/state\"}", null);
            engineB.start("{}", null);
            engineA.up(Demo.v1());
            engineB.up(Demo.v1());
            assertThat(a.resolve("elsewhere/state")).exists();
            assertThat(b.resolve(".gpushare/state")).exists();
            assertThat(b.resolve("elsewhere")).doesNotExist();
            // a Cancel of A's operation is not B's
            stub(first).cancel(Empty.getDefaultInstance());
            assertThat(engineB.preview(Demo.v1())).containsKey("embedder");
            assertThat(first.restOfStdout()).isEmpty();
        }
        // a third operation later: the same daemon again
        try (PluginProcess third = start(a, Map.of())) {
            assertThat(onlyDaemon().pid()).isEqualTo(daemon.pid());
            assertThat(stub(third).getPluginInfo(Empty.getDefaultInstance()).getVersion()).isNotEmpty();
        }
    }

    @Test
    void aKilledClientEndsItsSessionAndClosesItsBackend() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a")), b = Files.createDirectories(dir.resolve("b"));
        ProcessHandle daemon = warmDaemon(a);
        PluginProcess client = start(b, Map.of());
        try {
            EngineDriver engine = new EngineDriver(stub(client));
            engine.start("{}", null);
            engine.up(Demo.v1());
            Path state = b.resolve(".gpushare/state").toRealPath();
            assertThat(openFiles(daemon)).as("the session keeps its backend open").contains(state.toString());
            client.process.destroyForcibly().waitFor(); // SIGKILL: no goodbye, the connection just ends
            awaitLog("session 1 closed: the client is gone");
            assertThat(openFiles(daemon)).as("the backend is closed").doesNotContain(state.toString());
            assertThatThrownBy(() -> stub(client).withDeadlineAfter(5, TimeUnit.SECONDS).getPluginInfo(Empty.getDefaultInstance()))
                    .isInstanceOf(StatusRuntimeException.class);
            assertThat(daemon.isAlive()).isTrue();
        } finally {
            client.close();
        }
    }

    @Test
    void anInterruptedClientReturnsOnceItsSessionIsClosed() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a")), b = Files.createDirectories(dir.resolve("b"));
        ProcessHandle daemon = warmDaemon(a);
        PluginProcess client = start(b, Map.of());
        EngineDriver engine = new EngineDriver(stub(client));
        engine.start("{}", null);
        engine.up(Demo.v1());
        client.close(); // SIGTERM (the engine sends SIGINT: the same trap) and wait for the exit
        assertThat(client.process.exitValue()).isZero();
        // the client exits only after the daemon closed the session: its log says so already
        assertThat(Files.readString(keyDir().resolve("daemon.log"))).contains("session 1 closed: the client asked (close)");
        assertThat(openFiles(daemon)).doesNotContain(b.resolve(".gpushare/state").toRealPath().toString());
    }

    @Test
    void sigtermStopsTheDaemonCleanly() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        ProcessHandle daemon = warmDaemon(a);
        try (PluginProcess client = start(a, Map.of())) {
            Path key = keyDir();
            new EngineDriver(stub(client)).start("{}", null);
            daemon.destroy(); // SIGTERM
            assertThat(daemon.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
            // its sessions closed, then its files removed (the log and the launchers' empty start lock stay)
            try (var files = Files.list(key)) {
                assertThat(files.map(f -> f.getFileName().toString()).toList()).containsExactlyInAnyOrder("daemon.log", "start.lock");
            }
            assertThat(Files.readString(key.resolve("daemon.log"))).contains("session 1 closed: the daemon stops", "stopped");
            // the client whose daemon went away says so and exits
            assertThat(client.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(client.process.exitValue()).isEqualTo(1);
            assertThat(Files.readString(a.resolve("provider.log"))).contains("the provider daemon stopped during the operation");
        }
    }

    @Test
    void pluginsStartingAtOnceStartOneDaemon() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < 2; round++) { // cold: each in its own JVM; then warm: each a session of the daemon
                List<PluginProcess> clients = new ArrayList<>();
                try {
                    List<Future<PluginProcess>> started = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        Path cwd = Files.createDirectories(dir.resolve("c" + i));
                        started.add(pool.submit(() -> start(cwd, Map.of())));
                    }
                    for (Future<PluginProcess> f : started) clients.add(f.get(120, TimeUnit.SECONDS));
                    Set<String> ports = new TreeSet<>();
                    for (PluginProcess c : clients) {
                        ports.add(c.firstLine);
                        assertThat(stub(c).getPluginInfo(Empty.getDefaultInstance()).getVersion()).isNotEmpty();
                    }
                    assertThat(ports).hasSize(3);
                } finally {
                    for (PluginProcess c : clients) c.close();
                }
                awaitWarm(); // one daemon
            }
            assertThat(Files.readString(keyDir().resolve("daemon.log"))).contains("session 3 on port");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDaemonOfAnotherBuildIsNotUsed() throws Exception {
        // a copy of the plugin directory (the jar and the launcher: no archive, it starts without one),
        // in a directory whose name holds a space
        Path plugin = Files.createDirectories(dir.resolve("plugin copy"));
        for (String f : List.of("gpushare-pulumi-provider.jar", "pulumi-resource-gpushare")) {
            Files.copy(PluginProcess.LAUNCHER.resolveSibling(f), plugin.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path launcher = plugin.resolve("pulumi-resource-gpushare");
        Path a = Files.createDirectories(dir.resolve("a"));
        try (PluginProcess c = PluginProcess.start(launcher, a, List.of(), env(Map.of()))) {
            assertThat(arguments(c.process.toHandle())).contains("-jar");
        }
        long old = awaitWarm().pid();
        try (PluginProcess c = PluginProcess.start(launcher, a, List.of(), env(Map.of()))) {
            assertThat(arguments(c.process.toHandle())).as("served by the daemon").doesNotContain("-jar");
        }
        // a new build: the jar changes (here its modification time), so does the daemon's directory:
        // the old daemon is not used, the operation is served in its own JVM and a second daemon starts
        Path jar = plugin.resolve("gpushare-pulumi-provider.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        try (PluginProcess c = PluginProcess.start(launcher, a, List.of(), env(Map.of()))) {
            assertThat(arguments(c.process.toHandle())).contains("-jar");
            assertThat(stub(c).getPluginInfo(Empty.getDefaultInstance()).getVersion()).isNotEmpty();
        }
        assertThat(awaitDaemons(2)).hasSize(2).anyMatch(p -> p.pid() == old);
        // the same build with another value of a variable the provider reads: another daemon again
        try (PluginProcess c = PluginProcess.start(launcher, a, List.of(), env(Map.of("GPUSHARE_TOKEN", "another")))) {
            assertThat(arguments(c.process.toHandle())).contains("-jar");
        }
        assertThat(awaitDaemons(3)).hasSize(3);
    }

    @Test
    void theDaemonIsOnByDefault() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Map<String, String> unset = new HashMap<>();
        unset.put("GPUSHARE_PULUMI_DAEMON", null); // the default
        try (PluginProcess cold = start(a, unset)) {
            assertThat(arguments(cold.process.toHandle())).contains("-jar");
        }
        ProcessHandle daemon = awaitWarm();
        try (PluginProcess warm = start(a, unset)) {
            assertThat(Files.readString(keyDir().resolve("daemon.log"))).contains("session 1 on port " + warm.firstLine.trim() + " ");
            assertThat(onlyDaemon().pid()).isEqualTo(daemon.pid());
        }
    }

    @Test
    void stopDaemonsStopsThemWithTheDaemonOnOrOff() throws Exception {
        ProcessHandle daemon = warmDaemon(Files.createDirectories(dir.resolve("a")));
        ProcessBuilder pb = new ProcessBuilder(PluginProcess.LAUNCHER.toAbsolutePath().toString(), "--stop-daemons")
                .redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("GPUSHARE_PULUMI_DAEMON_DIR", base.toString());
        pb.environment().put("GPUSHARE_PULUMI_DAEMON", "off");
        Process stop = pb.start();
        String out = new String(stop.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(stop.waitFor()).as(out).isZero();
        assertThat(out).contains("stopping the provider daemon " + daemon.pid());
        assertThat(daemon.isAlive()).isFalse();
        assertThat(daemons()).isEmpty();
    }

    @Test
    void switchedOffTheLauncherServesInItsOwnProcess() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        try (PluginProcess plugin = start(a, Map.of("GPUSHARE_PULUMI_DAEMON", "off"))) {
            assertThat(arguments(plugin.process.toHandle())).contains("-jar");
            EngineDriver engine = new EngineDriver(stub(plugin));
            engine.start("{}", null);
            engine.up(Demo.v1());
            assertThat(openFiles(plugin.process.toHandle())).contains(a.resolve(".gpushare/state").toRealPath().toString());
        }
        try (var files = Files.list(base)) {
            assertThat(files.toList()).as("no daemon directory").isEmpty();
        }
        assertThat(daemons()).isEmpty();
    }

    @Test
    void withoutTheToolsTheDaemonNeedsTheLauncherServesInItsOwnProcessQuietly() throws Exception {
        // a PATH with the tools of the one-JVM path and of the daemon's client, less flock (util-linux):
        // the operation is served in its own JVM, no daemon is started, and nothing is said on stderr
        Path bin = Files.createDirectories(dir.resolve("bin-without-flock"));
        for (String tool : List.of("bash", "sh", "dirname", "readlink", "cmp", "env", "grep", "sort", "stat", "cat", "mkdir",
                "sha256sum", "tail", "setsid", "nice")) {
            Path found = null;
            for (String d : System.getenv("PATH").split(":")) {
                Path candidate = Path.of(d, tool);
                if (found == null && Files.isExecutable(candidate)) found = candidate;
            }
            if (found != null) Files.createSymbolicLink(bin.resolve(tool), found);
        }
        Path a = Files.createDirectories(dir.resolve("a"));
        try (PluginProcess plugin = start(a, Map.of("PATH", bin.toString()))) {
            assertThat(arguments(plugin.process.toHandle())).contains("-jar");
            EngineDriver engine = new EngineDriver(stub(plugin));
            engine.start("{}", null);
            engine.up(Demo.v1());
        }
        assertThat(Files.readString(a.resolve("provider.log"))).as("stderr").doesNotContain("pulumi-resource-gpushare:", "command not found");
        try (var files = Files.list(base)) {
            assertThat(files.toList()).as("no daemon directory").isEmpty();
        }
        assertThat(daemons()).isEmpty();
    }

    @Test
    void aBadIdleTimeIsReportedWithWhatToWrite() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        assertThatThrownBy(() -> start(a, Map.of("GPUSHARE_PULUMI_DAEMON_IDLE", "soon"))).hasMessageContaining("printed no port");
        assertThat(Files.readString(a.resolve("provider.log")))
                .contains("GPUSHARE_PULUMI_DAEMON_IDLE=soon is not a time; use seconds (600) or a number with s, m or h (10m)");
        assertThat(daemons()).isEmpty();
    }

    // --- helpers -----------------------------------------------------------------------------------

    /** How long a test waits for a daemon to warm up (the machine may be busy). */
    static final long WARM_MILLIS = 300_000;

    /** A first operation (served in its own JVM, which starts the daemon), then the daemon once warm. */
    private ProcessHandle warmDaemon(Path cwd) throws Exception {
        try (PluginProcess cold = start(cwd, Map.of())) {
            assertThat(arguments(cold.process.toHandle())).contains("-jar");
        }
        return awaitWarm();
    }

    /** The one daemon of this test, once it has written its port (it is warm then). */
    private ProcessHandle awaitWarm() throws Exception {
        long deadline = System.currentTimeMillis() + WARM_MILLIS;
        while (!Files.exists(keyDir().resolve("port"))) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("no warm daemon; its log: " + Files.readString(keyDir().resolve("daemon.log")));
            }
            Thread.sleep(100);
        }
        return onlyDaemon();
    }

    /** The daemons once {@code n} have started their JVM (each has written its pid: it can be stopped). */
    private List<ProcessHandle> awaitDaemons(int n) throws Exception {
        long deadline = System.currentTimeMillis() + WARM_MILLIS;
        while (true) {
            long started;
            try (var dirs = Files.list(base)) {
                started = dirs.filter(d -> Files.exists(d.resolve("pid"))).count();
            }
            if (started >= n || System.currentTimeMillis() > deadline) return daemons();
            Thread.sleep(100);
        }
    }

    private static List<String> arguments(ProcessHandle p) {
        return p.info().arguments().map(List::of).orElseThrow();
    }

    private PluginProcess start(Path cwd, Map<String, String> extra) throws IOException {
        return PluginProcess.start(PluginProcess.LAUNCHER, cwd, List.of("127.0.0.1:1"), env(extra));
    }

    private Map<String, String> env(Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(extra);
        env.put("GPUSHARE_PULUMI_DAEMON_DIR", base.toString());
        if (!env.containsKey("GPUSHARE_PULUMI_DAEMON")) env.put("GPUSHARE_PULUMI_DAEMON", "on"); // a null value: unset
        return env;
    }

    private static ResourceProviderGrpc.ResourceProviderBlockingStub stub(PluginProcess p) {
        return ResourceProviderGrpc.newBlockingStub(p.channel).withWaitForReady().withDeadlineAfter(120, TimeUnit.SECONDS);
    }

    /** The daemons running for this test's directory. */
    private List<ProcessHandle> daemons() {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(p -> p.info().arguments()
                .map(List::of).map(args -> args.contains(DAEMON_MAIN)
                        && args.stream().anyMatch(x -> x.startsWith(base.toString()))).orElse(false)).toList();
    }

    private ProcessHandle onlyDaemon() {
        List<ProcessHandle> d = daemons();
        assertThat(d).hasSize(1);
        return d.get(0);
    }

    private Path keyDir() throws IOException {
        try (var dirs = Files.list(base)) {
            List<Path> all = dirs.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    private void awaitLog(String line) throws Exception {
        Path log = keyDir().resolve("daemon.log");
        long deadline = System.currentTimeMillis() + 30_000;
        while (!Files.readString(log).contains(line)) {
            if (System.currentTimeMillis() > deadline) throw new AssertionError("no '" + line + "' in " + Files.readString(log));
            Thread.sleep(50);
        }
    }

    /** The files a process holds open (Linux: /proc/PID/fd). */
    private static Set<String> openFiles(ProcessHandle p) throws IOException {
        Set<String> out = new TreeSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(p.pid()), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    out.add(Files.readSymbolicLink(fd).toString());
                } catch (IOException closedMeanwhile) {
                    // gone
                }
            }
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
