package dev.gpushare.engine.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's one loop on the local backend: converge, the baseline it keeps, and that the
 * baseline never hides a change made under it — a health mark, another writer's write, or a copy
 * gone from a backend whose revision did not move (as a deleted Kubernetes pod does not move it).
 *
 * <p>The spec: one service of 6 copies × 4,096 MiB MPS on g6.12xlarge (4 L4 of 22,888 MiB: 5 such
 * copies per GPU), so one instance holds all 6: 1 launch + 6 places = 7 actions at revision 1.
 */
class ConvergerTest {
    @TempDir Path dir;

    private static ResolvedSpec resolved(Spec spec) {
        return Pipeline.check(spec).orThrow();
    }

    @Test
    void convergeAppliesThenKeepsABaselineThatTheNextPlanFollows() {
        ResolvedSpec spec = resolved(Specs.mpsService(6, 4096));
        try (LocalBackend backend = LocalBackend.open(dir.resolve("state"))) {
            Converger c = new Converger(backend);
            Converged first = c.converge(spec);
            assertThat(first.outcome()).isEqualTo(new ApplyOutcome.Applied(1, 7));
            assertThat(first.converged()).isTrue();
            assertThat(first.state().summary().allocations()).isEqualTo(6);
            assertThat(c.baseline("scale")).get().extracting(b -> b.revision()).isEqualTo(1L);

            Converged again = c.converge(spec);
            assertThat(again.plan().isEmpty()).isTrue();
            assertThat(again.revision()).isEqualTo(1);
            assertThat(c.lastPlan("scale")).get().extracting(Replan::changeSetPath).isEqualTo(true);
        }
    }

    /** A health mark written straight to the backend (not through the converger) while a baseline is held. */
    @Test
    void aHealthMarkUnderAHeldBaselineIsReplacedByTheNextPlan() {
        ResolvedSpec spec = resolved(Specs.mpsService(6, 4096));
        try (LocalBackend backend = LocalBackend.open(dir.resolve("state"))) {
            Converger c = new Converger(backend);
            c.converge(spec);
            assertThat(c.baseline("scale")).isPresent();

            backend.markUnhealthy("scale", "l4-0", "mps-daemon-unresponsive");
            assertThat(c.baseline("scale")).as("still held: the converger was not told").isPresent();
            Plan plan = c.plan(spec).plan();
            // start-before-stop: a new instance (l4-1), the 6 copies moved onto it, then l4-0 terminated
            assertThat(plan.actions()).first().isInstanceOf(Action.LaunchInstance.class);
            assertThat(plan.actions()).last().isInstanceOfSatisfying(Action.TerminateInstance.class,
                    t -> assertThat(t.instanceId().toString()).isEqualTo("l4-0"));
            assertThat(c.lastPlan("scale")).get().extracting(Replan::changeSetPath).isEqualTo(false);

            Converged repaired = c.converge(spec);
            assertThat(repaired.converged()).isTrue();
            assertThat(backend.read("scale").state().instances()).extracting(i -> i.id().toString()).containsExactly("l4-1");
        }
    }

    /** Another writer on the same file stops a copy: the next plan (baseline held) places it again. */
    @Test
    void aCopyStoppedByAnotherWriterIsRestoredByTheNextPlan() {
        ResolvedSpec spec = resolved(Specs.mpsService(6, 4096));
        try (LocalBackend backend = LocalBackend.open(dir.resolve("state"));
             LocalBackend other = LocalBackend.open(dir.resolve("state"))) {
            Converger c = new Converger(backend);
            c.converge(spec);
            Snapshot s = other.read("scale");
            Action stop = stopOf(s.state(), "embedder/3");
            assertThat(other.apply("scale", s.revision(), List.of(stop))).isInstanceOf(BatchResult.Committed.class);

            assertThat(c.baseline("scale")).isPresent();
            Plan plan = c.plan(spec).plan();
            assertThat(plan.actions()).singleElement().isInstanceOfSatisfying(Action.PlaceCopy.class,
                    p -> assertThat(p.task().toString()).isEqualTo("embedder/3"));
            assertThat(c.converge(spec).converged()).isTrue();
            assertThat(backend.read("scale").state().summary().allocations()).isEqualTo(6);
        }
    }

    /**
     * A backend whose reads lose a copy without the revision moving (a Kubernetes pod deleted: no
     * write of gpushare's bumps anything). With the baseline held at that very revision, the next
     * plan still sees the copy gone and places it.
     */
    @Test
    void aCopyGoneAtTheSameRevisionIsSeenWithABaselineHeld() {
        ResolvedSpec spec = resolved(Specs.mpsService(6, 4096));
        try (LocalBackend local = LocalBackend.open(dir.resolve("state"))) {
            LosesACopy backend = new LosesACopy(local);
            Converger c = new Converger(backend);
            c.converge(spec);
            assertThat(c.plan(spec).plan().isEmpty()).isTrue();
            long revision = c.baseline("scale").orElseThrow().revision();

            backend.lost = "embedder/5";
            assertThat(backend.read("scale").revision()).as("the revision did not move").isEqualTo(revision);
            assertThat(c.baseline("scale")).get().extracting(b -> b.revision()).isEqualTo(revision);
            Replan r = c.plan(spec);
            assertThat(r.changeSetPath()).as("the baseline no longer holds: full path").isFalse();
            assertThat(r.plan().actions()).singleElement().isInstanceOfSatisfying(Action.PlaceCopy.class,
                    p -> assertThat(p.task().toString()).isEqualTo("embedder/5"));
        }
    }

    /** A conflict under an apply: the converger plans again from the new state and converges. */
    @Test
    void aConflictIsPlannedAgain() {
        ResolvedSpec spec = resolved(Specs.mpsService(6, 4096));
        try (LocalBackend local = LocalBackend.open(dir.resolve("state"));
             LocalBackend other = LocalBackend.open(dir.resolve("state"))) {
            Converger c = new Converger(local);
            c.converge(resolved(Specs.mpsService(4, 4096)));
            // another writer moves the cluster once, just before the first apply of the next converge
            Backend racing = new RacesOnce(local, other);
            Converged done = new Converger(racing).converge(spec);
            assertThat(done.attempts()).isEqualTo(2);
            assertThat(done.converged()).isTrue();
            assertThat(local.read("scale").state().summary().allocations()).isEqualTo(6);
        }
    }

    private static Action.StopCopy stopOf(FleetState state, String task) {
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                for (var a : g.allocations()) {
                    if (a.task().toString().equals(task)) {
                        return new Action.StopCopy(a.task(), List.of(new Action.Placement(i.id(), g.index(), a)));
                    }
                }
            }
        }
        throw new AssertionError(task + " is not placed");
    }

    /** Reads as the local backend does, less one copy, at the same revision. */
    private static final class LosesACopy extends Delegating {
        String lost;

        LosesACopy(Backend b) {
            super(b);
        }

        @Override
        public Snapshot read(String cluster) {
            Snapshot s = delegate.read(cluster);
            if (lost == null) return s;
            List<Instance> out = new ArrayList<>();
            for (Instance i : s.state().instances()) {
                List<Gpu> gpus = new ArrayList<>();
                for (Gpu g : i.gpus()) {
                    gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(),
                            g.allocations().stream().filter(a -> !a.task().toString().equals(lost)).toList()));
                }
                out.add(i.withGpus(gpus));
            }
            return new Snapshot(new FleetState(cluster, out, List.of()), s.revision(), s.declaredLayouts(), s.supply());
        }
    }

    /** Lets another writer mark the cluster once (a revision bump) right before the first batch. */
    private static final class RacesOnce extends Delegating {
        private final Backend other;
        private boolean raced;

        RacesOnce(Backend b, Backend other) {
            super(b);
            this.other = other;
        }

        @Override
        public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
            if (!raced) {
                raced = true;
                other.markUnhealthy(cluster, "l4-0", "raced");
            }
            return delegate.apply(cluster, expectedRevision, batch);
        }
    }

    private abstract static class Delegating implements Backend {
        final Backend delegate;

        Delegating(Backend delegate) {
            this.delegate = delegate;
        }

        @Override
        public Snapshot read(String cluster) {
            return delegate.read(cluster);
        }

        @Override
        public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
            return delegate.apply(cluster, expectedRevision, batch);
        }

        @Override
        public long markUnhealthy(String cluster, String instanceId, String reason) {
            return delegate.markUnhealthy(cluster, instanceId, reason);
        }

        @Override
        public List<String> clusters() {
            return delegate.clusters();
        }

        @Override
        public boolean destroy(String cluster) {
            return delegate.destroy(cluster);
        }

        @Override
        public String describe() {
            return delegate.describe();
        }

        @Override
        public void close() {}
    }
}
