package dev.gpushare.pulumi.daemon.internal;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The client's way to its daemon: connects to it, or starts it (under {@code start.lock}, so that
 * two clients starting at once make one daemon) and connects then. The daemon runs in a session of
 * its own ({@code setsid}), so the engine's interrupt and kill of the plugin's process group do not
 * reach it, with its stdin from /dev/null and its output in {@code daemon.log}: it holds none of
 * the engine's pipes. Its JVM is the full tiered one (it lives long: C2 pays off) with the plugin's
 * AOT cache when that was made by this JVM.
 */
public final class DaemonStarter {
    /** How long a client waits for a daemon it started to listen. */
    static final long START_MILLIS = 60_000;
    static final String MAIN = "dev.gpushare.pulumi.daemon.DaemonMain";

    private DaemonStarter() {}

    /** A connection to the daemon with the token sent, starting the daemon when none listens. */
    public static Control connectOrStart(DaemonFiles files, Path javaHome, Path jar, Map<String, String> env) throws IOException {
        Control c = tryConnect(files);
        if (c != null) return c;
        files.create();
        try (FileChannel lockFile = FileChannel.open(files.startLock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = lockFile.lock()) {
            c = tryConnect(files);
            if (c != null) return c;
            Process daemon = start(files, javaHome, jar, env);
            StaleDirectories.prune(files.dir().getParent(), files.dir(), java.time.Instant.now());
            long deadline = System.currentTimeMillis() + START_MILLIS;
            while (System.currentTimeMillis() < deadline) {
                c = tryConnect(files);
                if (c != null) return c;
                if (!daemon.isAlive() && daemon.exitValue() != 0) {
                    throw new IOException("the daemon exited with status " + daemon.exitValue() + " at start; see " + files.log());
                }
                sleep(20);
            }
            daemon.destroy();
            throw new IOException("the daemon did not listen on " + files.socket() + " within " + START_MILLIS / 1000 + " s; see " + files.log());
        }
    }

    /** A connection with the token sent, or null when no daemon listens. */
    static Control tryConnect(DaemonFiles files) throws IOException {
        if (!Files.exists(files.socket())) return null;
        Control c;
        try {
            c = Control.connect(files.socket());
        } catch (IOException nobody) {
            return null;
        }
        try {
            // read after connecting: the daemon writes its token before it listens
            c.send(Files.readString(files.token()).trim());
            return c;
        } catch (IOException e) {
            c.close();
            return null;
        }
    }

    static Process start(DaemonFiles files, Path javaHome, Path jar, Map<String, String> env) throws IOException {
        Path setsid = setsid();
        List<String> cmd = new ArrayList<>(List.of(setsid.toString(), javaHome.resolve("bin").resolve("java").toString(),
                "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+UseSerialGC"));
        Path aot = jar.resolveSibling("gpushare-pulumi-provider.aot");
        Path aotJvm = jar.resolveSibling("gpushare-pulumi-provider.aot.jvm");
        Path release = javaHome.resolve("release");
        if (Files.isRegularFile(aot) && Files.isRegularFile(aotJvm) && Files.isRegularFile(release)
                && Arrays.equals(Files.readAllBytes(aotJvm), Files.readAllBytes(release))) {
            cmd.add("-XX:AOTCache=" + aot);
        }
        String opts = env.get("GPUSHARE_PULUMI_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) cmd.addAll(List.of(opts.trim().split("\\s+")));
        cmd.addAll(List.of("-cp", jar.toString(), MAIN, files.dir().toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(files.dir().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(files.log().toFile()));
        return pb.start();
    }

    private static Path setsid() throws IOException {
        for (String d : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(d, "setsid");
            if (Files.isExecutable(p)) return p;
        }
        throw new IOException("setsid (util-linux) not found: the daemon would die with the engine's plugin process group");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
