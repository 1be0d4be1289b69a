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
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded store answers its kept snapshot only while the file's revision of the cluster is
 * the snapshot's: a write by another process on the same file (a CLI apply, an unhealthy mark) is
 * seen by the next read.
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
}
