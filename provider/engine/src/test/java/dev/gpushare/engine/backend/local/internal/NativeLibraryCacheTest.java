package dev.gpushare.engine.backend.local.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * sqlite-jdbc's native library from the per-user cache: extracted once and then reused as it is, a
 * cut-short or altered cached file written again, a cache that cannot be written left to the
 * driver's own extraction — and a fresh process that opens a state file loads the cached library
 * (the driver extracts nothing into its temporary folder) or, with an unusable cache, still opens it.
 */
class NativeLibraryCacheTest {
    @TempDir Path dir;

    private static URL jarLibrary() {
        return SQLiteJDBCLoader.class.getClassLoader().getResource(
                LibraryLoaderUtil.getNativeLibResourcePath().substring(1) + "/" + LibraryLoaderUtil.getNativeLibName());
    }

    @Test
    void extractsOnceThenReusesTheCachedFile() throws IOException {
        Path root = dir.resolve("native");
        Path lib = NativeLibraryCache.install(root).orElseThrow();
        assertThat(lib).startsWith(root.resolve(SQLiteJDBCLoader.getVersion()));
        assertThat(lib.getFileName().toString()).isEqualTo(LibraryLoaderUtil.getNativeLibName());
        try (var in = jarLibrary().openStream()) {
            assertThat(Files.readAllBytes(lib)).isEqualTo(in.readAllBytes());
        }
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(lib, old);
        assertThat(NativeLibraryCache.install(root)).contains(lib);
        assertThat(Files.getLastModifiedTime(lib)).isEqualTo(old); // not written again
        try (Stream<Path> files = Files.list(lib.getParent())) {
            assertThat(files).containsExactly(lib); // no temporary file left
        }
    }

    @Test
    void thePlatformIsAskedOfTheDriverOnceThenRead() throws IOException {
        Path root = dir.resolve("native");
        Path lib = NativeLibraryCache.install(root).orElseThrow();
        Path platform = root.resolve(SQLiteJDBCLoader.getVersion()).resolve(NativeLibraryCache.PLATFORM_FILE);
        assertThat(Files.readAllLines(platform)).containsExactly(NativeLibraryCache.os(), LibraryLoaderUtil.getNativeLibResourcePath());
        assertThat(NativeLibraryCache.platform(platform)).isEqualTo(LibraryLoaderUtil.getNativeLibResourcePath());
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(platform, old);
        assertThat(NativeLibraryCache.install(root)).contains(lib);
        assertThat(Files.getLastModifiedTime(platform)).as("read, not asked again").isEqualTo(old);
    }

    @Test
    void aPlatformOfAnotherJvmOrNotTheDriversIsAskedAgain() throws IOException {
        Path root = dir.resolve("native");
        Path lib = NativeLibraryCache.install(root).orElseThrow();
        Path platform = root.resolve(SQLiteJDBCLoader.getVersion()).resolve(NativeLibraryCache.PLATFORM_FILE);
        List<String> right = List.of(NativeLibraryCache.os(), LibraryLoaderUtil.getNativeLibResourcePath());
        for (List<String> wrong : List.of(
                List.of("Plan 9|mips|||", LibraryLoaderUtil.getNativeLibResourcePath()), // another JVM's
                List.of(NativeLibraryCache.os(), "/org/sqlite/native/Nowhere/x86_64"), // a folder the driver does not have
                List.of(NativeLibraryCache.os(), "/org/sqlite/native/../../etc"), // outside the driver's folders
                List.of(NativeLibraryCache.os()))) { // cut short
            Files.write(platform, wrong);
            assertThat(NativeLibraryCache.install(root)).as("%s", wrong).contains(lib);
            assertThat(Files.readAllLines(platform)).as("%s", wrong).isEqualTo(right);
        }
    }

    @Test
    void aCutShortCachedFileIsWrittenAgain() throws IOException {
        Path root = dir.resolve("native");
        Path lib = NativeLibraryCache.install(root).orElseThrow();
        long size = Files.size(lib);
        byte[] half = java.util.Arrays.copyOf(Files.readAllBytes(lib), (int) (size / 2)); // as a crash mid-write would leave it
        Files.write(lib, half);
        assertThat(NativeLibraryCache.install(root)).contains(lib);
        assertThat(Files.size(lib)).isEqualTo(size);
    }

    @Test
    void aCachedFileOfTheRightSizeButOtherBytesIsWrittenAgain() throws IOException {
        Path root = dir.resolve("native");
        Path lib = NativeLibraryCache.install(root).orElseThrow();
        byte[] bytes = Files.readAllBytes(lib);
        byte[] original = bytes.clone();
        bytes[bytes.length / 3] ^= 0x5a;
        Files.write(lib, bytes);
        assertThat(NativeLibraryCache.install(root)).contains(lib);
        assertThat(Files.readAllBytes(lib)).isEqualTo(original);
    }

    @Test
    void aCacheThatCannotBeWrittenIsNotUsed() throws IOException {
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a folder"); // the tests may run as root: permissions would not stop it
        assertThat(NativeLibraryCache.install(blocker.resolve("native"))).isEmpty();
    }

    @Test
    void offAUserChosenFolderAndTheDefault() {
        String before = System.getProperty(NativeLibraryCache.DIR_PROPERTY);
        try {
            System.setProperty(NativeLibraryCache.DIR_PROPERTY, "off");
            assertThat(NativeLibraryCache.root()).isEmpty();
            System.setProperty(NativeLibraryCache.DIR_PROPERTY, dir.toString());
            assertThat(NativeLibraryCache.root()).contains(dir);
            System.clearProperty(NativeLibraryCache.DIR_PROPERTY);
            Optional<Path> byDefault = NativeLibraryCache.root(); // XDG_CACHE_HOME or ~/.cache, then gpushare/native
            assertThat(byDefault).isPresent();
            assertThat(byDefault.get().endsWith(Path.of("gpushare", "native"))).as(byDefault.get().toString()).isTrue();
        } finally {
            if (before == null) System.clearProperty(NativeLibraryCache.DIR_PROPERTY); else System.setProperty(NativeLibraryCache.DIR_PROPERTY, before);
        }
    }

    @Test
    void aFreshProcessLoadsTheCachedLibraryAndTheDriverExtractsNothing() throws Exception {
        Path cache = dir.resolve("cache"), driverTmp = Files.createDirectories(dir.resolve("driver-tmp"));
        List<String> out = child(cache, driverTmp);
        Path lib = NativeLibraryCache.install(cache).orElseThrow();
        assertThat(out).containsExactly("lib.path=" + lib.getParent(), "opened");
        try (Stream<Path> files = Files.list(driverTmp)) {
            assertThat(files).isEmpty();
        }
        assertThat(child(cache, driverTmp)).containsExactly("lib.path=" + lib.getParent(), "opened"); // and again, from the cache
    }

    @Test
    void aFreshProcessWithACacheThatCannotBeWrittenStillOpensTheFile() throws Exception {
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a folder");
        Path driverTmp = Files.createDirectories(dir.resolve("driver-tmp"));
        assertThat(child(blocker.resolve("native"), driverTmp)).containsExactly("lib.path=null", "opened");
    }

    /** Runs {@link Child} in a fresh JVM with the cache at {@code cache} and the driver's own extraction folder {@code driverTmp}. */
    private List<String> child(Path cache, Path driverTmp) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "-D" + NativeLibraryCache.DIR_PROPERTY + "=" + cache, "-Dorg.sqlite.tmpdir=" + driverTmp,
                Child.class.getName(), dir.resolve("state-" + System.nanoTime()).toString()));
        Path err = dir.resolve("child-stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        try {
            String text = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("child finished").isTrue();
            assertThat(p.exitValue()).as(text + Files.readString(err)).isZero();
            return text.lines().toList();
        } finally {
            p.destroyForcibly();
        }
    }

    /** Opens (creates) a state file and says where the driver was pointed. */
    public static final class Child {
        public static void main(String[] args) {
            try (StateFile f = new StateFile(Path.of(args[0]))) {
                f.write("create", tx -> null);
                System.out.println("lib.path=" + System.getProperty("org.sqlite.lib.path"));
                System.out.println("opened");
            }
        }
    }
    }
