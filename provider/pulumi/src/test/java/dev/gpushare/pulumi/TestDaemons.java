package dev.gpushare.pulumi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The provider daemons of this test JVM: every plugin the tests start ({@link PluginProcess}, the
 * Pulumi CLI of {@link PulumiCli}) uses a daemon directory of this JVM's own (never the user's), and
 * the daemons in it are stopped when the test run ends ({@link StopTestDaemons}) and when the JVM
 * exits, whether the tests passed or not; they would also stop on their own after {@link #IDLE} with
 * no session.
 */
public final class TestDaemons {
    /** The daemons' idle time in tests (the default is 10 minutes). */
    static final String IDLE = "120";
    private static Path base;

    private TestDaemons() {}

    /** This JVM's daemon base directory (short: a Unix socket's path has at most 107 bytes). */
    public static synchronized Path base() {
        if (base == null) {
            try {
                base = Files.createTempDirectory(Path.of("/tmp"), "gpushare-daemons");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path b = base;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(b), "stop-test-daemons"));
        }
        return base;
    }

    /** The environment a plugin started by a test gets: the daemon's directory and idle time. */
    public static void configure(Map<String, String> env) {
        env.putIfAbsent("GPUSHARE_PULUMI_DAEMON_DIR", base().toString());
        env.putIfAbsent("GPUSHARE_PULUMI_DAEMON_IDLE", IDLE);
    }

    /** Stops the daemons under {@code dir} (a test's own base directory, or this JVM's), then removes it. */
    public static void stopAll(Path dir) {
        // as the launcher's --stop-daemons does, without the provider's classes (modules that reuse
        // PulumiCli through the test jar do not have them): SIGTERM to each daemon, then wait for it
        List<ProcessHandle> stopping = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (var pids = Files.walk(dir, 2)) {
                for (Path pid : pids.filter(p -> p.getFileName().toString().equals("pid")).toList()) {
                    daemon(pid).ifPresent(p -> {
                        System.err.println("stopping the provider daemon " + p.pid() + " of " + pid.getParent());
                        p.destroy();
                        stopping.add(p);
                    });
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                System.err.println("stopping the test's provider daemons under " + dir + ": " + e);
            }
        }
        // a daemon still waiting to start (no pid yet: the launcher's background start waits for the
        // operation's JVM to exit), found by its arguments: the daemon's main class and its directory
        String main = "dev.gpushare.pulumi.daemon.DaemonMain", under = dir.toString();
        ProcessHandle.allProcesses().filter(p -> !stopping.contains(p)).filter(p -> p.info().arguments().map(List::of)
                .map(args -> args.contains(main) && args.stream().anyMatch(a -> a.startsWith(under))).orElse(false))
                .forEach(p -> {
                    System.err.println("stopping the provider daemon " + p.pid() + " (starting) of " + under);
                    p.destroy();
                    stopping.add(p);
                });
        for (ProcessHandle p : stopping) {
            try {
                p.onExit().get(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("the provider daemon " + p.pid() + " did not stop within 20 s: " + e);
                p.destroyForcibly();
            }
        }
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try (var all = Files.walk(dir)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (IOException | java.io.UncheckedIOException e) {
                System.err.println("removing " + dir + ": " + e);
            }
        }
    }

    private static java.util.Optional<ProcessHandle> daemon(Path pidFile) {
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> p.info().arguments()
                    .map(a -> List.of(a).contains("dev.gpushare.pulumi.daemon.DaemonMain")).orElse(false));
        } catch (IOException | NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Waits (up to 5 minutes) until a daemon under {@code dir} is warm (it has written its port: the
     * launcher uses it from then on); false when none is.
     */
    public static boolean awaitWarm(Path dir) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 300_000;
        while (System.currentTimeMillis() < deadline) {
            if (Files.isDirectory(dir)) {
                try (var dirs = Files.list(dir)) {
                    if (dirs.anyMatch(d -> Files.exists(d.resolve("port")))) return true;
                }
            }
            Thread.sleep(100);
        }
        return false;
    }

    /** What the daemon logs under {@code dir} show: how many daemons started, how many sessions they opened. */
    public record Served(int daemons, int sessions) {}

    public static Served served(Path dir) throws IOException {
        int daemons = 0, sessions = 0;
        if (!Files.isDirectory(dir)) return new Served(0, 0);
        try (var files = Files.walk(dir)) {
            for (Path log : files.filter(f -> f.getFileName().toString().equals("daemon.log")).toList()) {
                for (String line : Files.readAllLines(log)) {
                    if (line.contains("gpushare-pulumi-daemon: pid ")) daemons++;
                    if (line.matches(".*gpushare-pulumi-daemon: session [0-9]+ on port.*")) sessions++;
                }
            }
        }
        return new Served(daemons, sessions);
    }

    /** Stops this JVM's daemons now (a test class's @AfterAll); a later plugin gets a new directory. */
    public static synchronized void stopAll() {
        if (base != null) stopAll(base);
        base = null;
    }
}
