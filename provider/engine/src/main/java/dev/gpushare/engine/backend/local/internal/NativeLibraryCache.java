package dev.gpushare.engine.backend.local.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.zip.CRC32;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * sqlite-jdbc's native library loaded from a per-user cache instead of being extracted again by
 * every process. Left to itself the driver copies its 1.1 MB library into {@code /tmp} and compares
 * it byte by byte on every start (about 70 ms of a command that opens a state file); here it is
 * extracted once per sqlite-jdbc version and platform, into
 * {@code $XDG_CACHE_HOME/gpushare/native/VERSION/OS/ARCH/} ({@code ~/.cache} without
 * XDG_CACHE_HOME), and the driver is pointed at it with its own {@code org.sqlite.lib.path} and
 * {@code org.sqlite.lib.name} properties (docs/backends.md#the-local-backend).
 *
 * <p>Which of the driver's platform folders this JVM needs is asked of the driver once and kept in
 * {@code VERSION/platform} next to it, with the JVM's operating system and architecture it holds
 * for ({@link #platform}): the driver's own answer runs a child process and reads every mapped file
 * of the process, about 40 ms of CPU on every command that opens a state file.
 *
 * <p>A cached file is used only when its size and CRC-32 are those of the library in the driver's
 * jar (read from the jar's entry, so checking costs one read of the cached file); otherwise it is
 * written again, to a temporary file renamed over it, so a crash never leaves a cut-short library
 * under the name. Where nothing can be cached (no home, a folder that cannot be written) nothing is
 * set and the driver extracts its library as before. The system property {@value #DIR_PROPERTY}
 * names another cache folder, or {@code off} for the driver's own extraction; an {@code
 * org.sqlite.lib.path} set by the user is left as it is.
 */
public final class NativeLibraryCache {
    /** The cache folder (its {@code VERSION/OS/ARCH} sub-folders are made in it), or {@code off}. */
    public static final String DIR_PROPERTY = "gpushare.native.cache";

    private static boolean prepared;

    private NativeLibraryCache() {}

    /**
     * Points sqlite-jdbc at the cached library (extracting it first when needed), once per
     * process, before its first connection; nothing when the driver has already been pointed
     * elsewhere or nothing can be cached.
     */
    static synchronized void prepare() {
        if (prepared) return;
        prepared = true;
        if (System.getProperty("org.sqlite.lib.path") != null) return;
        Optional<Path> root = root();
        if (root.isEmpty()) return;
        try {
            install(root.get()).ifPresent(lib -> {
                System.setProperty("org.sqlite.lib.path", lib.getParent().toString());
                System.setProperty("org.sqlite.lib.name", lib.getFileName().toString());
            });
        } catch (RuntimeException e) {
            // an optimisation only: the driver's own extraction still works
        }
    }

    /** The cache folder: the property, else XDG_CACHE_HOME or ~/.cache, with gpushare/native; empty for {@code off} or no home. */
    static Optional<Path> root() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir != null) return dir.isBlank() || dir.equals("off") ? Optional.empty() : Optional.of(Path.of(dir));
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) return Optional.of(Path.of(xdg, "gpushare", "native"));
        String home = System.getProperty("user.home");
        if (home == null || home.isBlank() || home.equals("?")) return Optional.empty();
        return Optional.of(Path.of(home, ".cache", "gpushare", "native"));
    }

    /**
     * The driver's library for this platform under {@code root}, written there when it is missing
     * or not the jar's (size or CRC-32 differ); empty when the driver has none for this platform or
     * it cannot be written.
     */
    static Optional<Path> install(Path root) {
        Path platformFile = root.resolve(SQLiteJDBCLoader.getVersion()).resolve(PLATFORM_FILE).normalize();
        String resourceDir = platform(platformFile); // "/org/sqlite/native/Linux/x86_64"
        boolean remembered = resourceDir != null;
        if (!remembered) resourceDir = LibraryLoaderUtil.getNativeLibResourcePath();
        String name = LibraryLoaderUtil.getNativeLibName();
        URL url = SQLiteJDBCLoader.class.getClassLoader().getResource(resourceDir.substring(1) + "/" + name);
        if (url == null && remembered) { // a folder this driver does not have: asked again
            resourceDir = LibraryLoaderUtil.getNativeLibResourcePath();
            remembered = false;
            url = SQLiteJDBCLoader.class.getClassLoader().getResource(resourceDir.substring(1) + "/" + name);
        }
        if (url == null) return Optional.empty();
        if (!remembered && platformFile.startsWith(root.normalize())) remember(platformFile, resourceDir);
        String platform = resourceDir.substring("/org/sqlite/native/".length());
        Path lib = root.resolve(SQLiteJDBCLoader.getVersion()).resolve(platform).resolve(name).normalize();
        if (!lib.startsWith(root.normalize())) return Optional.empty();
        try {
            Fingerprint want = Fingerprint.of(url);
            if (Files.isRegularFile(lib) && Fingerprint.of(lib).equals(want)) return Optional.of(lib);
            Files.createDirectories(lib.getParent());
            Path tmp = Files.createTempFile(lib.getParent(), name + ".", ".part");
            try {
                try (InputStream in = open(url); OutputStream out = Files.newOutputStream(tmp)) {
                    in.transferTo(out);
                }
                if (!Fingerprint.of(tmp).equals(want)) return Optional.empty();
                try {
                    Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    return Optional.empty();
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return Optional.of(lib);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Names the driver's platform folder for this JVM's operating system and architecture ({@link #platform}). */
    static final String PLATFORM_FILE = "platform";
    private static final String NATIVE = "/org/sqlite/native/";

    /**
     * What this JVM's platform is for sqlite-jdbc: {@link #os()} on the first line, the driver's
     * resource folder on the second, as the driver worked it out the first time. Asking the driver
     * (its {@code OSInfo}) costs about 40 ms of CPU on Linux: it runs {@code uname -o} in a child
     * process to tell Android's Termux apart, and reads every entry of {@code /proc/self/map_files}
     * to tell musl from glibc. Null when there is none, it is of another JVM's platform, or damaged.
     */
    static String platform(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > 4096) return null;
            java.util.List<String> lines = Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
            if (lines.size() != 2 || !lines.get(0).equals(os())) return null;
            String dir = lines.get(1);
            return dir.startsWith(NATIVE) && !dir.contains("..") && dir.length() > NATIVE.length() ? dir : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** This JVM's operating system and architecture as the driver reads them (its override included). */
    static String os() {
        return System.getProperty("os.name") + "|" + System.getProperty("os.arch") + "|"
                + System.getProperty("org.sqlite.osinfo.architecture", "") + "|" + System.getProperty("java.runtime.name", "");
    }

    /** Keeps the platform the driver worked out ({@link #platform}); best effort, never cut short (written aside, then renamed). */
    private static void remember(Path file, String resourceDir) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), PLATFORM_FILE + ".", ".part");
            try {
                Files.writeString(tmp, os() + "\n" + resourceDir + "\n");
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            // the next process asks the driver again
        }
    }

    private static InputStream open(URL url) throws IOException {
        URLConnection c = url.openConnection();
        c.setUseCaches(false); // a fresh stream of the entry, not one a cached jar may have shared
        return c.getInputStream();
    }

    /** A file's size and CRC-32. */
    record Fingerprint(long size, long crc) {
        /** From the jar's entry when the library is in a jar (no read of its bytes), else by reading it. */
        static Fingerprint of(URL url) throws IOException {
            URLConnection c = url.openConnection();
            if (c instanceof JarURLConnection jar) {
                var entry = jar.getJarEntry();
                if (entry != null && entry.getSize() >= 0 && entry.getCrc() >= 0) return new Fingerprint(entry.getSize(), entry.getCrc());
            }
            try (InputStream in = open(url)) {
                return of(in);
            }
        }

        static Fingerprint of(Path file) throws IOException {
            try (InputStream in = Files.newInputStream(file)) {
                return of(in);
            }
        }

        private static Fingerprint of(InputStream in) throws IOException {
            CRC32 crc = new CRC32();
            byte[] buf = new byte[1 << 16];
            long size = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
                size += n;
            }
            return new Fingerprint(size, crc.getValue());
        }
    }
}
