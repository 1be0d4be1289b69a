package dev.gpushare.pulumi.daemon.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Where one provider daemon keeps its files: a directory per daemon identity under the daemon base
 * directory ({@code $GPUSHARE_PULUMI_DAEMON_DIR}, else {@code $XDG_RUNTIME_DIR/gpushare-pulumi-daemon},
 * else {@code ${XDG_CACHE_HOME:-~/.cache}/gpushare/pulumi-daemon}). The identity ({@link #key}) is a
 * digest of the plugin jar (path, size, modification time), the JVM (its home and {@code release}
 * file) and the environment variables the provider and its backends read: a new build, another
 * JVM or another token never reaches an older daemon.
 */
public record DaemonFiles(Path dir) {
    /** Environment variable naming the base directory (tests point it at a temporary one). */
    public static final String DIR_ENV = "GPUSHARE_PULUMI_DAEMON_DIR";

    public Path socket() { return dir.resolve("daemon.sock"); }
    public Path token() { return dir.resolve("token"); }
    public Path pid() { return dir.resolve("pid"); }
    public Path log() { return dir.resolve("daemon.log"); }
    /** Held by clients while they look for the daemon and start it (it stays: an empty file). */
    public Path startLock() { return dir.resolve("start.lock"); }
    /** Held by the daemon while it runs: a second daemon in the same directory gives up. */
    public Path daemonLock() { return dir.resolve("daemon.lock"); }

    /** The base directory for {@code env} (the client's environment). */
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

    /** The files of the daemon for this jar, JVM and environment. */
    public static DaemonFiles of(Map<String, String> env, Path jar, Path javaHome) throws IOException {
        return new DaemonFiles(base(env).resolve(key(env, jar, javaHome)));
    }

    /** Creates the directory (and the base) readable by this user only. */
    public DaemonFiles create() throws IOException {
        for (Path d : new Path[] {dir.getParent(), dir}) {
            if (!Files.isDirectory(d)) {
                try {
                    Files.createDirectories(d, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (java.nio.file.FileAlreadyExistsException raced) {
                    // another client made it
                }
            }
        }
        return this;
    }

    static String key(Map<String, String> env, Path jar, Path javaHome) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path absJar = jar.toAbsolutePath().normalize();
        update(sha, "jar=" + absJar + ";" + Files.size(absJar) + ";" + Files.getLastModifiedTime(absJar).toMillis());
        update(sha, "java=" + javaHome.toAbsolutePath().normalize());
        Path release = javaHome.resolve("release");
        if (Files.isRegularFile(release)) sha.update(Files.readAllBytes(release));
        for (Map.Entry<String, String> e : SessionEnvironment.select(env).entrySet()) update(sha, e.getKey() + "=" + e.getValue());
        return HexFormat.of().formatHex(sha.digest(), 0, 10);
    }

    private static void update(MessageDigest sha, String s) {
        sha.update(s.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }
}
