package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The local state file against corruption, mistyped URLs and read-only places. */
class LocalBackendIntegrityTest {
    @TempDir Path dir;

    private static final List<dev.gpushare.engine.plan.Action> ONE_COPY = List.of(
            new LaunchInstance(Fleet.mpsInstance("l4-0", "l4", List.of()), null),
            new PlaceCopy(TaskId.parse("embedder/0"), List.of(new Placement(InstanceId.parse("l4-0"), 0, Fleet.mps("embedder/0", 0, 4096, 25)))));

    private Path applied() {
        Path file = dir.resolve("state");
        try (Backend b = LocalBackend.open(file)) {
            assertThat(b.apply("c", 0, ONE_COPY)).isEqualTo(new BatchResult.Committed(1));
        }
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // the corruption                                                         | what the message names
            "UPDATE gpus SET mode = 'TURBO' WHERE idx = 0                              | gpus row of instance l4-0, GPU 0: mode 'TURBO'",
            "UPDATE gpus SET partitions = 'garbage' WHERE idx = 1                      | gpus row of instance l4-0, GPU 1: partitions 'garbage'",
            "UPDATE gpus SET fraction = 'half' WHERE idx = 2                           | gpus row of instance l4-0, GPU 2: fraction 'half'",
            "UPDATE allocations SET env = 'NO_EQUALS_SIGN'                             | allocations row of embedder/0 on l4-0 GPU 0: env",
            "UPDATE instances SET declared_layout = ',,'                               | instances row l4-0: declared_layout ',,'"})
    void aCorruptedRowIsABackendErrorNamingTheRow(String corruption, String named) throws Exception {
        Path file = applied();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.executeUpdate(corruption);
        }
        try (Backend b = LocalBackend.open(file)) {
            assertThatThrownBy(() -> b.read("c"))
                    .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("BACKEND_IO"))
                    .hasMessageContaining(named)
                    .hasMessageContaining(file.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"file::memory:", "file:x?mode=ro", "file:state#frag", "file:"})
    void sqliteUriFormsAreNotPathsAndCreateNothing(String url) throws IOException {
        Path cwd = Path.of("").toAbsolutePath();
        long before;
        try (var s = Files.list(cwd)) {
            before = s.count();
        }
        assertThatThrownBy(() -> Backends.open(url))
                .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("BACKEND_URL_INVALID"))
                .hasMessageContaining("file:PATH");
        try (var s = Files.list(cwd)) {
            assertThat(s.count()).as("files in " + cwd).isEqualTo(before);
        }
    }

    @Test
    void readingAMissingFileCreatesNothing() {
        Path file = dir.resolve("typo/nested/state");
        try (Backend b = LocalBackend.open(file)) {
            assertThat(b.read("c").revision()).isZero();
            assertThat(b.clusters()).isEmpty();
        }
        assertThat(dir.resolve("typo")).doesNotExist();
    }

    @Test
    void readsWorkInAReadOnlyDirectoryAndAWriteSaysWhyItCannot() throws Exception {
        Path file = applied();
        ReadOnly ro = ReadOnly.of(dir);
        assumeTrue(ro != null, "cannot make a directory read-only here (neither chmod nor chattr takes effect)");
        try (ro; Backend b = LocalBackend.open(file)) {
            assertThat(b.read("c").revision()).isEqualTo(1);
            assertThat(b.read("c").state().summary().allocations()).isEqualTo(1);
            assertThat(b.clusters()).containsExactly("c");
            assertThatThrownBy(() -> b.apply("c", 1, ONE_COPY))
                    .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("BACKEND_UNAVAILABLE"))
                    .hasMessageContaining("read-only");
        }
    }

    /** A directory made read-only for this process: chmod for a user, chattr +i for root (whom modes do not stop). */
    record ReadOnly(Path dir, boolean immutable) implements AutoCloseable {
        static ReadOnly of(Path dir) throws Exception {
            boolean root = "root".equals(System.getProperty("user.name"));
            if (!root) {
                Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
            } else if (new ProcessBuilder("chattr", "+i", dir.toString()).redirectErrorStream(true).start().waitFor() != 0) {
                return null;
            }
            ReadOnly ro = new ReadOnly(dir, root);
            if (Files.isWritable(dir) && canCreate(dir)) {
                ro.close();
                return null;
            }
            return ro;
        }

        private static boolean canCreate(Path dir) {
            try {
                Files.delete(Files.createFile(dir.resolve("probe")));
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        @Override
        public void close() throws Exception {
            if (immutable) {
                new ProcessBuilder("chattr", "-i", dir.toString()).start().waitFor();
            } else {
                Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
            }
        }
    }
}
