package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cluster as the pure meaning of actions ({@link StateFold}) holds it, with the baseline a front
 * door keeps: {@link #apply} applies a plan in full (one revision per plan) and records the
 * baseline of the {@link Replan} that made it, as {@code Gpushare} does.
 */
final class Converged {
    Snapshot snapshot;
    Baseline baseline;
    /**
     * When true, every other plan starts from the baseline a fresh process restores from the stored
     * state and spec ({@link Baseline#restored}, as the local backend keeps them: only at the
     * baseline's revision, so only while it holds) instead of the one held in memory.
     */
    boolean restore;
    /**
     * With {@link #restore}: the baseline is restored with the placement nodes stored from the one
     * held in memory ({@link Baseline#storedNodes}, as the local backend keeps them with the state),
     * and those are checked to be the nodes a restore works out from the state alone.
     */
    boolean storedNodes;
    /** Records compared so far (with {@link #storedNodes}). */
    int recordsCompared;
    private int plans;

    Converged(String cluster) {
        snapshot = Snapshot.empty(cluster);
    }

    /** Plans {@code spec} through both paths, checks they agree byte for byte, applies it; returns the replan. */
    Replan step(Spec spec) {
        Replan r = bothPaths(spec);
        apply(r);
        return r;
    }

    /** Both paths from the current snapshot: the same plan text and JSON; the change-set one returned. */
    Replan bothPaths(Spec spec) {
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        Plan full = Planner.plan(resolved, snapshot);
        Baseline from = baseline;
        if (restore && plans++ % 2 == 0) {
            from = baseline != null && baseline.restorable() && baseline.holdsFor(snapshot) ? restored(resolved) : null;
        }
        Replan r = Planner.replan(resolved, snapshot, from);
        assertSame(full, r.plan());
        return r;
    }

    private Baseline restored(ResolvedSpec resolved) {
        if (!storedNodes) return Baseline.restored(baseline.spec(), resolved.catalog(), snapshot);
        byte[] stored = baseline.storedNodes();
        byte[] rebuilt = Baseline.restored(baseline.spec(), resolved.catalog(), snapshot).storedNodes();
        // every pool whose nodes a restore works out from the state has them stored, the same
        assertThat(stored).as("the stored nodes are the rebuilt ones").isEqualTo(rebuilt);
        if (stored != null) recordsCompared++;
        return Baseline.restored(baseline.spec(), resolved.catalog(), snapshot, stored);
    }

    static void assertSame(Plan full, Plan changed) {
        assertThat(PlanJson.toJson(changed)).isEqualTo(PlanJson.toJson(full));
        assertThat(PlanText.render(changed)).isEqualTo(PlanText.render(full));
    }

    void apply(Replan r) {
        Plan plan = r.plan();
        FleetState next = StateFold.apply(snapshot.state(), plan.actions());
        Map<InstanceId, List<String>> layouts = new HashMap<>(snapshot.declaredLayouts());
        for (Action a : plan.actions()) {
            switch (a) {
                case Action.LaunchInstance l -> put(layouts, l.instance(), l.declaredLayout());
                case Action.ReplaceInstance re -> put(layouts, re.instance(), re.declaredLayout());
                case Action.TerminateInstance t -> layouts.remove(t.instanceId());
                default -> { }
            }
        }
        long revision = plan.isEmpty() ? snapshot.revision() : snapshot.revision() + 1;
        snapshot = new Snapshot(next, revision, layouts);
        // a plan that refused a rollout (ROLLOUT_NO_ROOM) leaves copies on an older revision than its
        // spec: it is no baseline (Replan.after), and the next plan takes the full path
        boolean refused = plan.desired().unplaced().stream()
                .anyMatch(u -> u.code() == dev.gpushare.engine.state.PlacementCode.ROLLOUT_NO_ROOM);
        Optional<Baseline> kept = plan.isEmpty() ? r.converged() : r.after(new ApplyOutcome.Applied(revision, plan.actions().size()));
        baseline = refused ? kept.orElse(null) : kept.orElseThrow();
    }

    /** Marks an instance unhealthy as a backend does: a new revision. */
    void markUnhealthy(InstanceId id) {
        List<Instance> out = new ArrayList<>();
        for (Instance i : snapshot.state().instances()) {
            out.add(i.id().equals(id) ? new Instance(i.id(), i.owner(), i.instanceType(), false, "mps-daemon-unresponsive", i.gpus()) : i);
        }
        snapshot = new Snapshot(new FleetState(snapshot.state().cluster(), out, List.of()), snapshot.revision() + 1,
                snapshot.declaredLayouts());
    }

    private static void put(Map<InstanceId, List<String>> layouts, Instance i, List<String> layout) {
        if (layout == null) layouts.remove(i.id());
        else layouts.put(i.id(), layout);
    }
}
