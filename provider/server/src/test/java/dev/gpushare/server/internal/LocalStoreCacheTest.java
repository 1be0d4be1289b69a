package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.state.GpuMode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded store answers its kept snapshot only while the file's revision of the cluster is
 * the snapshot's: a write by another connection or process on the same file (a CLI apply, an
 * unhealthy mark) is seen by the next read. While nothing was committed to the file, SQLite's data
 * version says so and no row is read.
 */
class LocalStoreCacheTest {
    @TempDir Path dir;

    @Test
    void aKeptSnapshotIsAnsweredUntilAnyWriterMovesTheRevision() {
        Path file = dir.resolve("state.db");
        try (LocalStore store = new LocalStore(file, 2); LocalBackend other = LocalBackend.open(file)) {
            assertThat(store.apply("c", 0, List.of(new LaunchInstance(Fleet.mpsInstance("l4-0", "l4", List.of()), null)), null))
                    .isEqualTo(new BatchResult.Committed(1));
            Snapshot first = store.read("c");
            assertThat(store.read("c")).isSameAs(first); // unchanged: the kept object (the server reuses its JSON)
            assertThat(store.cachedClusters()).isEqualTo(1);

            // another process places a copy: revision 2
            assertThat(other.apply("c", 1, List.of(new PlaceCopy(TaskId.parse("embedder/0"),
                    List.of(new Placement(InstanceId.parse("l4-0"), 0, Fleet.mps("embedder/0", 0, 4096, 25)))))))
                    .isEqualTo(new BatchResult.Committed(2));
            Snapshot second = store.read("c");
            assertThat(second).isNotSameAs(first);
            assertThat(second.revision()).isEqualTo(2);
            assertThat(second.state().summary().allocations()).isEqualTo(1);

            other.markUnhealthy("c", "l4-0", "mps-daemon-unresponsive");
            assertThat(store.read("c").state().instances().getFirst().healthy()).isFalse();

            assertThat(store.destroy("c")).isTrue();
            assertThat(store.read("c").state().instances()).isEmpty();
            assertThat(store.cachedClusters()).isZero(); // a destroyed cluster is not kept
        }
    }

    /**
     * Idempotency keys are forgotten least recently used first: of {@link LocalStore#KEYS_PER_CLUSTER}
     * + 1 keys, the first one, retried just before the last one arrives, is still answered with
     * its revision; the second one, never retried, is the one forgotten (a retry of it then
     * conflicts: the cluster moved on). First-in-first-out would forget the first.
     */
    @Test
    void idempotencyKeysAreForgottenLeastRecentlyUsedFirst() {
        Path file = dir.resolve("keys.db");
        try (LocalStore store = new LocalStore(file, 1)) {
            List<dev.gpushare.engine.plan.Action> launch = List.of(new LaunchInstance(Fleet.mpsInstance("l4-0", "l4", List.of()), null));
            assertThat(store.apply("c", 0, launch, "k0")).isEqualTo(new BatchResult.Committed(1));
            List<dev.gpushare.engine.plan.Action> same = List.of(new dev.gpushare.engine.plan.Action.ConfigureGpu(InstanceId.parse("l4-0"), 1,
                    dev.gpushare.engine.state.GpuMode.IDLE, dev.gpushare.engine.state.GpuMode.IDLE, null, List.of()));
            for (int k = 1; k < LocalStore.KEYS_PER_CLUSTER; k++) {
                assertThat(store.apply("c", k, same, "k" + k)).isEqualTo(new BatchResult.Committed(k + 1));
            }
            assertThat(store.apply("c", 0, launch, "k0")).as("k0 retried: remembered").isEqualTo(new BatchResult.Committed(1));
            int n = LocalStore.KEYS_PER_CLUSTER;
            assertThat(store.apply("c", n, same, "k" + n)).isEqualTo(new BatchResult.Committed(n + 1));
            assertThat(store.apply("c", 0, launch, "k0")).as("used most recently but one: kept").isEqualTo(new BatchResult.Committed(1));
            assertThat(store.apply("c", 1, same, "k1")).as("the least recently used key is forgotten")
                    .isInstanceOf(BatchResult.RevisionConflict.class);
        }
    }

    private static final List<Action> LAUNCH = List.of(new LaunchInstance(Fleet.mpsInstance("l4-0", "l4", List.of()), null));
    /** A write that changes no row but the revision (the GPU is configured as it is). */
    private static final List<Action> BUMP = List.of(new ConfigureGpu(InstanceId.parse("l4-0"), 1, GpuMode.IDLE, GpuMode.IDLE, null, List.of()));

    /**
     * Between every two reads the other connection on the file (what the {@code gpushare} CLI or a
     * second server opens), the store itself, or the other connection on another cluster commits;
     * every read answers the cluster's revision as it is in the file. Which way each was answered:
     * 20 rounds of (other writes c: the data version moved, the revision too — rows read; the store
     * writes c: the same; the other writes d: the version moved, c's revision not — the kept one),
     * so 20 + 20 row reads of c, 60 revision checks, none by the version alone.
     */
    @Test
    void aCommitByAnyOtherConnectionIsNeverMissed() {
        Path file = dir.resolve("two.db");
        try (LocalStore store = new LocalStore(file, 2); LocalBackend other = LocalBackend.open(file)) {
            assertThat(store.apply("c", 0, LAUNCH, null)).isEqualTo(new BatchResult.Committed(1));
            assertThat(other.apply("d", 0, LAUNCH)).isEqualTo(new BatchResult.Committed(1));
            assertThat(store.read("c").revision()).isEqualTo(1);
            long[] before = store.readsAnswered();
            long revision = 1;
            for (int round = 0; round < 20; round++) {
                assertThat(other.apply("c", revision, BUMP)).isEqualTo(new BatchResult.Committed(++revision));
                assertThat(store.read("c").revision()).as("after the other connection's write").isEqualTo(revision);
                assertThat(store.apply("c", revision, BUMP, null)).isEqualTo(new BatchResult.Committed(++revision));
                assertThat(store.read("c").revision()).as("after the store's own write").isEqualTo(revision);
                Snapshot kept = store.read("c");
                assertThat(other.apply("d", round + 1, BUMP)).isEqualTo(new BatchResult.Committed(round + 2));
                assertThat(store.read("c")).as("another cluster's write: the kept snapshot").isSameAs(kept);
            }
            long[] after = store.readsAnswered();
            // rounds' reads: 4 each; the third (right after the store's own read) by the version alone
            assertThat(after[0] - before[0]).as("by the data version alone").isEqualTo(20);
            assertThat(after[1] - before[1]).as("revision checks").isEqualTo(60);
            assertThat(after[2] - before[2]).as("row reads").isEqualTo(40);
        }
    }

    /** With no commit in between, 1,000 reads are answered by the data version alone: no row of the cluster is read. */
    @Test
    void withNoCommitNoRowIsRead() {
        Path file = dir.resolve("quiet.db");
        try (LocalStore store = new LocalStore(file, 2)) {
            assertThat(store.apply("c", 0, LAUNCH, null)).isEqualTo(new BatchResult.Committed(1));
            Snapshot first = store.read("c");
            long[] before = store.readsAnswered();
            for (int i = 0; i < 1_000; i++) assertThat(store.read("c")).isSameAs(first);
            long[] after = store.readsAnswered();
            assertThat(new long[] {after[0] - before[0], after[1] - before[1], after[2] - before[2]}).containsExactly(1_000, 0, 0);
        }
    }

    /**
     * Another process (a JVM of its own, as the CLI is) commits to the file three times while the
     * store keeps the cluster's snapshot: each commit is seen by the next read.
     */
    @Test
    void aCommitByAnotherProcessIsSeen() throws Exception {
        Path file = dir.resolve("process.db");
        try (LocalStore store = new LocalStore(file, 2)) {
            assertThat(store.apply("c", 0, LAUNCH, null)).isEqualTo(new BatchResult.Committed(1));
            for (long revision = 1; revision <= 3; revision++) {
                assertThat(store.read("c").revision()).isEqualTo(revision);
                assertThat(store.read("c").revision()).isEqualTo(revision); // kept
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                Process p = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        OtherProcess.class.getName(), file.toString(), Long.toString(revision)).inheritIO().start();
                try {
                    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the other process ended").isTrue();
                    assertThat(p.exitValue()).as("the other process committed").isZero();
                } finally {
                    p.destroyForcibly();
                }
                assertThat(store.read("c").revision()).as("after the other process's commit").isEqualTo(revision + 1);
            }
        }
    }

    /** The other process of {@link #aCommitByAnotherProcessIsSeen}: one revision bump of cluster c at the given revision. */
    static final class OtherProcess {
        public static void main(String[] args) {
            try (LocalBackend b = LocalBackend.open(Path.of(args[0]))) {
                long at = Long.parseLong(args[1]);
                System.exit(b.apply("c", at, BUMP).equals(new BatchResult.Committed(at + 1)) ? 0 : 1);
            }
        }
    }
}
