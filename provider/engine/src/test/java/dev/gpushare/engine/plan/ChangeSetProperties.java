package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For random fleets and random sequences of changes, the change-set path and the full path give
 * the same plan, byte for byte ({@link Converged#bothPaths} compares the JSON and the text), and
 * the change-set path is taken exactly when the baseline holds (a health change, at a new revision
 * or at the same one, takes the full path).
 */
class ChangeSetProperties {

    /** One edit of the spec (or of the cluster: a health mark). */
    record Edit(int kind, int target, int amount) {}

    @Property(tries = 60)
    void changeSetPlansAreTheFullPlans(@ForAll("fleets") FleetSpec start, @ForAll("edits") List<Edit> edits) {
        Converged cluster = new Converged("change-set");
        Replan last = cluster.step(start.build());
        FleetSpec f = start;
        for (Edit e : edits) {
            f = f.copy();
            boolean healthChange = apply(e, f, cluster);
            // a plan that refused a rollout (ROLLOUT_NO_ROOM) leaves copies on an older revision than its
            // spec: no baseline, so that the next plan tries the rollout again (the full path)
            boolean refused = last.plan().desired().unplaced().stream()
                    .anyMatch(u -> u.code() == dev.gpushare.engine.state.PlacementCode.ROLLOUT_NO_ROOM);
            Replan r = cluster.step(f.build());
            // the baseline holds exactly while nothing changed under it (Baseline.holdsFor): any health
            // change takes the full path, any spec edit alone the change-set path (both paths are compared
            // byte for byte at every step, Converged.bothPaths)
            if (healthChange) assertThat(r.changeSetPath()).as("change-set path after %s", e).isFalse();
            else if (!refused) assertThat(r.changeSetPath()).as("change-set path after %s", e).isTrue();
            last = r;
        }
    }

    /**
     * The same with the baseline a fresh process restores from the stored converged spec and state
     * (the command line on the local backend) on every other plan: the placement bookkeeping rebuilt
     * from the state gives the same plans, byte for byte, and the change-set path is taken whenever
     * the baseline could be kept.
     */
    @Property(tries = 60)
    void restoredBaselinesPlanAsTheFullPath(@ForAll("fleets") FleetSpec start, @ForAll("edits") List<Edit> edits) {
        // the spec's cluster (FleetSpec's): a baseline of another cluster never holds, and nothing would be restored
        Converged cluster = new Converged("change-set");
        cluster.restore = true;
        editsTakeTheChangeSetPathWhereTheBaselineHolds(cluster, start, edits);
    }

    /**
     * Plans {@code start} and then each edit on {@code cluster} (which checks every plan against the
     * full path): a health change leaves the change-set path; otherwise a baseline that holds and
     * can be restored takes it.
     */
    private void editsTakeTheChangeSetPathWhereTheBaselineHolds(Converged cluster, FleetSpec start, List<Edit> edits) {
        cluster.step(start.build());
        FleetSpec f = start;
        for (Edit e : edits) {
            f = f.copy();
            boolean healthChange = apply(e, f, cluster);
            Baseline held = cluster.baseline;
            boolean holds = held != null && held.holdsFor(cluster.snapshot);
            Replan r = cluster.step(f.build());
            if (healthChange) assertThat(r.changeSetPath()).as("change-set path after %s", e).isFalse();
            else if (holds && held.restorable()) assertThat(r.changeSetPath()).as("change-set path after %s", e).isTrue();
        }
    }

    /**
     * The same with the placement nodes a fresh process reads back from the record the local backend
     * stores with the state (what the baseline in memory holds, through its compact record): they
     * are the nodes a restore works out from the state alone ({@link Converged#storedNodes} compares
     * the records), and the plans are the full path's, byte for byte.
     */
    @Property(tries = 60)
    void storedNodesAreTheRebuiltOnesAndPlanAsTheFullPath(@ForAll("fleets") FleetSpec start, @ForAll("edits") List<Edit> edits) {
        Converged cluster = new Converged("change-set");
        cluster.restore = true;
        cluster.storedNodes = true;
        editsTakeTheChangeSetPathWhereTheBaselineHolds(cluster, start, edits);
        // a record compared at least once over the tries (not only fleets without one)
        net.jqwik.api.statistics.Statistics.label("stored nodes compared").collect(cluster.recordsCompared > 0);
        net.jqwik.api.statistics.Statistics.label("stored nodes compared").coverage(c -> c.check(true).count((Integer n) -> n > 0));
    }

    /** Applies the edit; true when it changed an instance's health (the baseline no longer holds: the full path runs). */
    static boolean apply(Edit e, FleetSpec f, Converged cluster) {
        List<String> services = new ArrayList<>(f.services.keySet());
        String s = services.isEmpty() ? null : services.get(e.target() % services.size());
        switch (e.kind()) {
            case 0 -> { if (s != null) f.count(s, f.services.get(s).desiredCount() + e.amount()); }
            case 1 -> { if (s != null) f.count(s, Math.max(0, f.services.get(s).desiredCount() - e.amount())); }
            case 2 -> {
                if (s != null && f.tasks.get(s).containers().getFirst().gpu() instanceof GpuRequirement.NvidiaMps) {
                    f.gpu(s, new GpuRequirement.NvidiaMps(1024 * (1 + e.amount() % 12), e.amount() % 2 == 0 ? null : 50));
                }
            }
            case 3 -> f.mps("n" + e.target() + "x" + e.amount(), e.amount() % 2 == 0 ? "mps" : "mps2", e.amount(), 1024 * (1 + e.target() % 8));
            case 4 -> { if (s != null) f.remove(s); }
            case 5 -> f.maxInstances(e.amount() % 2 == 0 ? "mps" : "ex", 2 + e.amount());
            case 6 -> f.copies(e.target() % 2 == 0 ? "ic3" : "ic4", e.amount() % 9);
            case 7 -> { if (s != null) f.cpu(s, e.amount() % 2 == 0 ? null : 1024 * e.amount()); }
            default -> {
                List<Instance> all = cluster.snapshot.state().instances();
                if (all.isEmpty()) return false;
                Instance i = all.get(e.target() % all.size());
                if (e.kind() == 8) {
                    cluster.markUnhealthy(i.id());
                    return true;
                }
                // a health change at the baseline's revision (a backend whose revision does not move with
                // it, as a Kubernetes node going NotReady): the baseline no longer holds (Baseline.holdsFor)
                List<Instance> out = new ArrayList<>();
                for (Instance x : all) out.add(x == i ? new Instance(x.id(), x.owner(), x.instanceType(), false, "xid", x.gpus()) : x);
                cluster.snapshot = new Snapshot(new FleetState(cluster.snapshot.state().cluster(), out, List.of()),
                        cluster.snapshot.revision(), cluster.snapshot.declaredLayouts());
                return true;
            }
        }
        return false;
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        return Combinators.combine(Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 50),
                Arbitraries.integers().between(1, 12)).as(Edit::new).list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<FleetSpec> fleets() {
        Arbitrary<Integer> count = Arbitraries.integers().between(0, 14);
        Arbitrary<Integer> mib = Arbitraries.integers().between(1, 16).map(k -> 1024 * k);
        Arbitrary<Integer> cpu = Arbitraries.of(0, 0, 2048, 8192);
        return Combinators.combine(count.list().ofSize(8), mib.list().ofSize(8), cpu.list().ofSize(8),
                Arbitraries.integers().between(3, 12), Arbitraries.of(0, 3)).as((counts, mibs, cpus, max, clients) -> {
                    FleetSpec f = new FleetSpec()
                            .provider("mps", "g6.12xlarge", max % 3, max, new GpuSharing.Mps(clients == 0 ? null : clients))
                            .provider("mps2", "g6.12xlarge", 0, max, new GpuSharing.Mps(null))
                            .provider("ex", "g5.12xlarge", 0, max, new GpuSharing.Exclusive())
                            .endpoint("ep", "ml.p4d.24xlarge", 1 + max % 2, "mig-3g.20gb", "mig-4g.20gb");
                    for (int k = 0; k < 6; k++) {
                        // m5 spreads when its count is odd: its pool then takes the full path
                        PlacementStrategy strategy = k == 5 && counts.get(k) % 2 == 1 ? PlacementStrategy.SPREAD : PlacementStrategy.BINPACK;
                        f.service("m" + k, k % 3 == 2 ? "mps2" : "mps", counts.get(k), strategy,
                                cpus.get(k) == 0 ? null : cpus.get(k), new GpuRequirement.NvidiaMps(mibs.get(k), null));
                    }
                    f.service("w0", "ex", counts.get(6) % 5, PlacementStrategy.BINPACK, null, new GpuRequirement.Whole(1 + counts.get(7) % 2));
                    f.service("w1", "mps", counts.get(7) % 4, PlacementStrategy.BINPACK, null, new GpuRequirement.Whole(1));
                    f.component("ic3", "ep", "mig-3g.20gb", counts.get(0) % 9);
                    f.component("ic4", "ep", "mig-4g.20gb", counts.get(1) % 9);
                    return f;
                });
    }
}
