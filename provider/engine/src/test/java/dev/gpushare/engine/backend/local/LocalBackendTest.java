package dev.gpushare.engine.backend.local;

import static dev.gpushare.engine.plan.Fleet.mps;
import static dev.gpushare.engine.plan.Fleet.mpsInstance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.TaskId;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalBackendTest {
    @TempDir Path dir;

    private static final Instance I0 = mpsInstance("l4-0", "l4", List.of());
    private static final Instance I1 = mpsInstance("l4-1", "l4", List.of());

    private static List<Action> someActions() {
        return List.of(
                new LaunchInstance(I0, null),
                new LaunchInstance(I1, null),
                new ConfigureGpu(InstanceId.parse("l4-0"), 0, GpuMode.IDLE, GpuMode.MPS, null, List.of()),
                new PlaceCopy(TaskId.parse("embedder/0"), List.of(new Placement(InstanceId.parse("l4-0"), 0, mps("embedder/0", 0, 4096, 25)))),
                new PlaceCopy(TaskId.parse("embedder/1"), List.of(new Placement(InstanceId.parse("l4-0"), 0, mps("embedder/1", 0, 4096, 25)))),
                new PlaceCopy(TaskId.parse("embedder/2"), List.of(new Placement(InstanceId.parse("l4-1"), 2, mps("embedder/2", 2, 8192, null)))),
                new MoveCopy(TaskId.parse("embedder/1"), List.of(new Placement(InstanceId.parse("l4-0"), 0, mps("embedder/1", 0, 4096, 25))),
                        List.of(new Placement(InstanceId.parse("l4-1"), 3, mps("embedder/1", 3, 4096, 25))), "rebalanced", false),
                new StopCopy(TaskId.parse("embedder/2"), List.of()));
    }

    @Test
    void emptyClusterReadsAsRevisionZero() {
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            Snapshot s = b.read("c");
            assertThat(s.revision()).isZero();
            assertThat(s.state()).isEqualTo(FleetState.empty("c"));
            assertThat(b.clusters()).isEmpty();
        }
    }

    @Test
    void appliedBatchesReadBackAsTheFoldOfTheirActions() {
        List<Action> actions = someActions();
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            // 8 actions in batches of 3 → 3 commits → revision 3
            long rev = 0;
            for (int i = 0; i < actions.size(); i += 3) {
                BatchResult r = b.apply("c", rev, actions.subList(i, Math.min(actions.size(), i + 3)));
                assertThat(r).isInstanceOf(BatchResult.Committed.class);
                rev = ((BatchResult.Committed) r).revision();
            }
            assertThat(rev).isEqualTo(3);
            Snapshot s = b.read("c");
            assertThat(s.revision()).isEqualTo(3);
            assertThat(s.state()).isEqualTo(StateFold.apply(FleetState.empty("c"), actions));
            // embedder/0 on l4-0 gpu 0, embedder/1 moved to l4-1 gpu 3, embedder/2 stopped
            assertThat(s.state().summary().allocations()).isEqualTo(2);
            assertThat(b.clusters()).containsExactly("c");
        }
    }

    @Test
    void committedStateSurvivesReopening() {
        Path file = dir.resolve("nested/state");
        try (Backend b = LocalBackend.open(file)) {
            b.apply("c", 0, someActions());
        }
        try (Backend b = LocalBackend.open(file)) {
            assertThat(b.read("c").state()).isEqualTo(StateFold.apply(FleetState.empty("c"), someActions()));
            assertThat(b.read("c").revision()).isEqualTo(1);
        }
    }

    @Test
    void applyingTheSameActionsTwiceChangesNothingMore() {
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            b.apply("c", 0, someActions());
            FleetState once = b.read("c").state();
            b.apply("c", 1, someActions());
            assertThat(b.read("c").state()).isEqualTo(once);
        }
    }

    @Test
    void twoBackendsOnOneFileOneWinsTheOtherGetsARevisionConflict() {
        Path file = dir.resolve("state");
        try (Backend a = LocalBackend.open(file); Backend b = LocalBackend.open(file)) {
            long ra = a.read("c").revision(), rb = b.read("c").revision(); // both plan at revision 0
            assertThat(a.apply("c", ra, List.of(new LaunchInstance(I0, null)))).isEqualTo(new BatchResult.Committed(1));
            BatchResult lost = b.apply("c", rb, List.of(new LaunchInstance(I1, null)));
            assertThat(lost).isEqualTo(new BatchResult.RevisionConflict("c", 0, 1));
            assertThat(((BatchResult.RevisionConflict) lost).message()).contains("revision 0", "now at 1", "plan again");
            // nothing of the loser was written
            assertThat(a.read("c").state().instances()).extracting(i -> i.id().toString()).containsExactly("l4-0");
        }
    }

    @Test
    void markUnhealthyRecordsTheReasonAndBumpsTheRevision() {
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            b.apply("c", 0, List.of(new LaunchInstance(I0, null)));
            assertThat(b.markUnhealthy("c", "l4-0", "mps-daemon-unresponsive")).isEqualTo(2);
            Instance i = b.read("c").state().instances().getFirst();
            assertThat(i.healthy()).isFalse();
            assertThat(i.healthReason()).isEqualTo("mps-daemon-unresponsive");
            assertThatThrownBy(() -> b.markUnhealthy("c", "l4-9", "x"))
                    .isInstanceOf(BackendException.class)
                    .satisfies(e -> assertThat(((BackendException) e).code().name()).isEqualTo("UNKNOWN_INSTANCE"))
                    .hasMessageContaining("gpushare status --cluster c");
        }
    }

    @Test
    void declaredLayoutsAndMigPartitionsRoundTrip() {
        // the catalog's A100-40GB: 4g.20gb and 3g.20gb offer 19,968 MiB each
        List<MigPartition> parts = List.of(new MigPartition("4g.20gb", 0, 19968), new MigPartition("3g.20gb", 4, 19968));
        Instance mig = Fleet.p4d("ep-0", "ep", parts, List.of());
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            assertThat(b.apply("c", 0, List.of(new LaunchInstance(mig, List.of("3g.20gb", "4g.20gb")),
                    new PlaceCopy(TaskId.parse("ic/0"), List.of(new Placement(InstanceId.parse("ep-0"), 0, Fleet.onPartition("ic/0", "4g.20gb", 0)))))))
                    .isEqualTo(new BatchResult.Committed(1));
            Snapshot s = b.read("c");
            assertThat(s.declaredLayouts()).containsEntry(InstanceId.parse("ep-0"), List.of("3g.20gb", "4g.20gb"));
            assertThat(s.state().instances().getFirst().gpus().getFirst().partitions()).isEqualTo(parts);
            assertThat(s.state().instances().getFirst().gpus().getFirst().allocations().getFirst().partition())
                    .isEqualTo(new dev.gpushare.engine.state.Allocation.PartitionRef("4g.20gb", 0));
        }
    }

    @Test
    void destroyRemovesEverythingOfOneClusterOnly() {
        try (Backend b = LocalBackend.open(dir.resolve("state"))) {
            b.apply("a", 0, someActions());
            b.apply("b", 0, someActions());
            assertThat(b.destroy("a")).isTrue();
            assertThat(b.destroy("a")).isFalse();
            // destroy is a write of its own: "a" reads as empty at revision 2 (1 apply + the destroy), never 0 again
            assertThat(b.read("a")).isEqualTo(new Snapshot(FleetState.empty("a"), 2, java.util.Map.of()));
            assertThat(b.clusters()).containsExactly("b");
            b.apply("b", 1, List.of(new TerminateInstance(InstanceId.parse("l4-0"), "test")));
            assertThat(b.read("b").state().instances()).extracting(i -> i.id().toString()).containsExactly("l4-1");
        }
    }

    @Test
    void backendUrls() {
        try (Backend b = Backends.open("file:" + dir.resolve("s"))) {
            assertThat(b.describe()).isEqualTo("file:" + dir.resolve("s"));
        }
        assertThatThrownBy(() -> Backends.open("https://gpushare.example"))
                .isInstanceOf(BackendException.class).hasMessageContaining("remote backend not available in this build");
        assertThatThrownBy(() -> Backends.open("s3://bucket/x"))
                .isInstanceOf(BackendException.class).hasMessageContaining("file:PATH");
        assertThat(Backends.resolveUrl(null, null)).isEqualTo("file:.gpushare/state");
        assertThat(Backends.resolveUrl(null, "file:/tmp/x")).isEqualTo("file:/tmp/x");
        assertThat(Backends.resolveUrl("file:y", "file:/tmp/x")).isEqualTo("file:y");
    }
}
