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
}
