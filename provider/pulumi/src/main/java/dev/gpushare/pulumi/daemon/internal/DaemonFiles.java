package dev.gpushare.pulumi.daemon.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where one provider daemon keeps its files: a directory (mode 0700) per daemon identity under the
 * daemon base directory ({@code $GPUSHARE_PULUMI_DAEMON_DIR}, else
 * {@code $XDG_RUNTIME_DIR/gpushare-pulumi-daemon}, else {@code ${XDG_CACHE_HOME:-~/.cache}/gpushare/pulumi-daemon}).
 * The launcher names the directory: a digest of the plugin jar (path, size, modification time), the
 * JVM (its path and {@code release} file) and the environment variables the provider and its
 * backends read ({@link SessionEnvironment}), so that a new build, another JVM or another token
 * never reaches an older daemon.
 */
public record DaemonFiles(Path dir) {
    /** Environment variable naming the base directory (tests point it at a temporary one). */
    public static final String DIR_ENV = "GPUSHARE_PULUMI_DAEMON_DIR";

    /** The loopback port of the control connection; written (mode 0600) once the daemon is warm. */
    public Path port() { return dir.resolve("port"); }
    public Path token() { return dir.resolve("token"); }
    public Path pid() { return dir.resolve("pid"); }
    public Path log() { return dir.resolve("daemon.log"); }
    /** Held by the launcher that starts the daemon, then by the daemon (so concurrent plugins start one). */
    public Path startLock() { return dir.resolve("start.lock"); }
    /** Held by the daemon while it runs: a second daemon in the same directory gives up. */
    public Path daemonLock() { return dir.resolve("daemon.lock"); }

    /** The base directory for {@code env} (the launcher's environment; the launcher's rule is the same). */
    public static Path base(Map<String, String> env) {
        String explicit = env.get(DIR_ENV);
        if (explicit != null && !explicit.isBlank()) return Path.of(explicit);
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))) {
            return Path.of(runtime, "gpushare-pulumi-daemon");
        }
        String cache = env.get("XDG_CACHE_HOME");
        Path cacheDir = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return cacheDir.resolve("gpushare").resolve("pulumi-daemon");
    }
}
