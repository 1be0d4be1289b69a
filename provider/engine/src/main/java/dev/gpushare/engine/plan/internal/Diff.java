package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.InstanceTypeDef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The pure difference between the actual and the desired state, as actions in a safe order:
 * <ol>
 *   <li>launch and replace instances (GPUs come up configured),</li>
 *   <li>stop copies that go away (frees room first),</li>
 *   <li>configure GPUs that no copy leaves by a move,</li>
 *   <li>move copies (the new one starts before the old stops) and place new ones,</li>
 *   <li>configure the GPUs that the moves emptied,</li>
 *   <li>terminate instances.</li>
 * </ol>
 * Within a group, by instance id / task (their one order: {@link InstanceId}, {@link TaskId}). Health fields are the backend's, not
 * compared.
 */
public final class Diff {
    private Diff() {}

    /**
     * @param declaredLayouts per endpoint instance id, the layout the spec declares now (user
     *                        order, without {@code mig-}); compared with the snapshot's to catch a
     *                        reorder, which SageMaker treats as a new layout
     */
    public static List<Action> between(Snapshot actual, FleetState desired, Map<InstanceId, List<String>> declaredLayouts) {
        return between(actual, desired, declaredLayouts, Map.of());
    }

    /**
     * @param declaredTypes the spec's declared instance types by name, carried by the launches of
     *                      instances of those types (the apply-time check measures them against it)
     */
    public static List<Action> between(Snapshot actual, FleetState desired, Map<InstanceId, List<String>> declaredLayouts,
                                       Map<String, InstanceTypeDef> declaredTypes) {
        return between(actual, desired, declaredLayouts, declaredTypes, Admission.of(Catalog.builtIn()));
    }

    /**
     * @param admission measures the instances as the plan fills them: moves and placements are
     *                  ordered so that no prefix of the plan leaves one over ({@link StartOrder})
     */
    public static List<Action> between(Snapshot actual, FleetState desired, Map<InstanceId, List<String>> declaredLayouts,
                                       Map<String, InstanceTypeDef> declaredTypes, Admission admission) {
        FleetState current = StateFold.normalize(actual.state());
        FleetState target = StateFold.normalize(desired);
        Map<InstanceId, Instance> cur = byId(current), want = byId(target);

        List<Action> launches = new ArrayList<>(), terminates = new ArrayList<>();
        List<ConfigureGpu> configures = new ArrayList<>();
        Set<InstanceId> replaced = new HashSet<>();
        for (Instance w : want.values()) {
            Instance c = cur.get(w.id());
            List<String> layout = declaredLayouts.get(w.id());
            if (c == null) {
                launches.add(new LaunchInstance(StateFold.withoutAllocations(w), layout, declaredTypes.get(w.instanceType())));
                continue;
            }
            String reason = replacementReason(c, w, actual.declaredLayouts().get(w.id()), layout);
            if (reason != null) {
                launches.add(new ReplaceInstance(StateFold.withoutAllocations(w), layout, reason, declaredTypes.get(w.instanceType())));
                replaced.add(w.id());
                continue;
            }
            for (Gpu wg : w.gpus()) {
                Gpu cg = gpu(c, wg.index());
                if (cg != null && !sameConfig(cg, wg)) {
                    configures.add(new ConfigureGpu(w.id(), wg.index(), cg.mode(), wg.mode(), wg.fraction(), wg.partitions()));
                }
            }
        }
        for (Instance c : cur.values()) {
            if (!want.containsKey(c.id())) {
                terminates.add(new TerminateInstance(c.id(), c.healthy() ? "no longer needed"
                        : "unhealthy: " + (c.healthReason() == null ? "marked unhealthy" : c.healthReason())));
            }
        }

        Map<TaskId, List<Placement>> from = copies(current, replaced), to = copies(target, Set.of());
        List<Action> stops = new ArrayList<>(), starts = new ArrayList<>();
        Set<GpuRef> leftByMove = new HashSet<>(); // the GPUs a moved copy leaves
        for (Map.Entry<TaskId, List<Placement>> e : to.entrySet()) {
            List<Placement> was = from.get(e.getKey());
            if (was == null) {
                starts.add(new PlaceCopy(e.getKey(), e.getValue()));
            } else if (!was.equals(e.getValue())) {
                String profileChange = profileChange(was, e.getValue());
                starts.add(new MoveCopy(e.getKey(), was, e.getValue(), moveReason(was, e.getValue(), cur, profileChange),
                        profileChange != null));
                for (Placement p : was) leftByMove.add(new GpuRef(p.instanceId(), p.gpuIndex()));
            }
        }
        for (Map.Entry<TaskId, List<Placement>> e : from.entrySet()) {
            if (!to.containsKey(e.getKey())) stops.add(new StopCopy(e.getKey(), e.getValue()));
        }

        List<Action> plan = new ArrayList<>(launches);
        plan.addAll(stops);
        for (ConfigureGpu g : configures) if (!leftByMove.contains(new GpuRef(g.instanceId(), g.gpuIndex()))) plan.add(g);
        if (!starts.isEmpty()) {
            StateFold.Fold fold = StateFold.Fold.of(current);
            for (Action a : plan) fold.step(a);
            starts = StartOrder.order(fold, starts, admission);
        }
        plan.addAll(starts);
        for (ConfigureGpu g : configures) if (leftByMove.contains(new GpuRef(g.instanceId(), g.gpuIndex()))) plan.add(g);
        plan.addAll(terminates);
        return plan;
    }

    /**
     * {@link #between} for a desired state placed from a converged state by the change-set path:
     * an instance that placement returned as the very object of the actual state (nothing on it
     * changed) and whose declared layout is the same gives no action, so only the instances that
     * changed are compared, copy by copy. Sound only when every copy of {@code actual} sits on one
     * instance (a state the engine wrote, which the baseline's revision vouches for): the copies on
     * an unchanged instance are then on no other.
     */
    public static List<Action> betweenChanged(Snapshot actual, FleetState desired, Map<InstanceId, List<String>> declaredLayouts,
                                              Map<String, InstanceTypeDef> declaredTypes) {
        return betweenChanged(actual, desired, declaredLayouts, declaredTypes, Admission.of(Catalog.builtIn()));
    }

    /** As {@link #betweenChanged(Snapshot, FleetState, Map, Map)}, measuring with {@code admission}. */
    public static List<Action> betweenChanged(Snapshot actual, FleetState desired, Map<InstanceId, List<String>> declaredLayouts,
                                              Map<String, InstanceTypeDef> declaredTypes, Admission admission) {
        Map<InstanceId, Instance> cur = java.util.HashMap.newHashMap(actual.state().instances().size());
        for (Instance c : actual.state().instances()) cur.put(c.id(), c);
        Set<Instance> same = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<Instance> want = new ArrayList<>();
        for (Instance w : desired.instances()) {
            if (cur.get(w.id()) == w && Objects.equals(actual.declaredLayouts().get(w.id()), declaredLayouts.get(w.id()))) {
                same.add(w);
            } else {
                want.add(w);
            }
        }
        List<Instance> had = new ArrayList<>();
        for (Instance c : actual.state().instances()) if (!same.contains(c)) had.add(c);
        Snapshot changed = new Snapshot(new FleetState(actual.state().cluster(), had, actual.state().unplaced()),
                actual.revision(), actual.declaredLayouts(), actual.supply());
        return between(changed, new FleetState(desired.cluster(), want, desired.unplaced()), declaredLayouts, declaredTypes, admission);
    }

    private static String replacementReason(Instance c, Instance w, List<String> hadLayout, List<String> wantsLayout) {
        if (!c.instanceType().equals(w.instanceType())) {
            return "instance type " + c.instanceType() + " → " + w.instanceType() + " forces replacement";
        }
        if (!c.owner().equals(w.owner())) {
            boolean renamed = !c.owner().name().equals(w.owner().name());
            return "owner " + (renamed ? c.owner().name() : c.owner().label()) + " → "
                    + (renamed ? w.owner().name() : w.owner().label()) + " forces replacement";
        }
        if (!c.healthy() && w.healthy()) {
            // the placer asked for a new instance where the pool had no room for one more
            // (WithinLimits gave it the unhealthy one's id): terminate first, then launch
            return "unhealthy: " + (c.healthReason() == null ? "marked unhealthy" : c.healthReason())
                    + "; replaced in place, its pool has no room for one more instance";
        }
        if (!(w.owner() instanceof Owner.Endpoint)) return null;
        if (!Objects.equals(hadLayout, wantsLayout)) {
            return "partition layout " + show(hadLayout) + " → " + show(wantsLayout) + " forces replacement";
        }
        for (Gpu wg : w.gpus()) {
            Gpu cg = gpu(c, wg.index());
            // the MIG layout is the endpoint's configuration; a mode change (IDLE ↔ DEDICATED) is not
            if (cg == null || !cg.partitions().equals(wg.partitions()) || !Objects.equals(cg.fraction(), wg.fraction())) {
                return "GPU partitions changed, forces replacement";
            }
        }
        return c.gpus().size() == w.gpus().size() ? null : "GPU count changed, forces replacement";
    }

    private static String show(List<String> layout) {
        return layout == null ? "(whole GPUs)" : "[" + String.join(", ", layout) + "]";
    }

    private static boolean sameConfig(Gpu a, Gpu b) {
        return a.mode() == b.mode() && Objects.equals(a.fraction(), b.fraction()) && a.partitions().equals(b.partitions())
                && a.model().equals(b.model()) && a.memoryMiB() == b.memoryMiB();
    }

    private static String profileChange(List<Placement> was, List<Placement> now) {
        String a = profiles(was), b = profiles(now);
        return a.equals(b) ? null : "partition type " + a + " → " + b + " forces replacement";
    }

    private static String profiles(List<Placement> ps) {
        List<String> out = new ArrayList<>();
        for (Placement p : ps) out.add(p.allocation().partition() == null ? "whole GPU" : p.allocation().partition().profile());
        return String.join("+", out);
    }

    private static String moveReason(List<Placement> was, List<Placement> now, Map<InstanceId, Instance> cur, String profileChange) {
        if (profileChange != null) return profileChange;
        Instance source = cur.get(was.getFirst().instanceId());
        if (source != null && !source.healthy()) return "instance " + source.id() + " is unhealthy";
        boolean sameSpot = was.size() == now.size();
        for (int k = 0; sameSpot && k < was.size(); k++) {
            sameSpot = was.get(k).instanceId().equals(now.get(k).instanceId()) && was.get(k).gpuIndex() == now.get(k).gpuIndex();
        }
        Revision from = was.getFirst().allocation().revision(), to = now.getFirst().allocation().revision();
        if (!Objects.equals(from, to)) {
            String rollout = "revision " + Revision.show(from) + " → " + Revision.show(to);
            return sameSpot && !sameShare(was, now) ? rollout + ", requirements changed" : rollout;
        }
        return sameSpot ? "requirements changed" : "rebalanced";
    }

    /** The same containers with the same GPU shares, in order (only the revision may differ). */
    private static boolean sameShare(List<Placement> was, List<Placement> now) {
        for (int k = 0; k < was.size(); k++) {
            if (!was.get(k).allocation().withRevision(null).equals(now.get(k).allocation().withRevision(null))) return false;
        }
        return true;
    }

    private static Map<InstanceId, Instance> byId(FleetState s) {
        Map<InstanceId, Instance> m = new TreeMap<>();
        for (Instance i : s.instances()) m.put(i.id(), i);
        return m;
    }

    /** One GPU of one instance. */
    private record GpuRef(InstanceId instance, int gpu) {}

    private static Gpu gpu(Instance i, int index) {
        for (Gpu g : i.gpus()) if (g.index() == index) return g;
        return null;
    }

    /** Each copy's placements, ordered by instance, GPU, container; copies on {@code skip} left out. */
    private static Map<TaskId, List<Placement>> copies(FleetState s, Set<InstanceId> skip) {
        Map<TaskId, List<Placement>> m = new TreeMap<>();
        for (Instance i : s.instances()) {
            if (skip.contains(i.id())) continue;
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    m.computeIfAbsent(a.task(), k -> new ArrayList<>()).add(new Placement(i.id(), g.index(), a));
                }
            }
        }
        Comparator<Placement> order = Comparator.comparing(Placement::instanceId).thenComparingInt(Placement::gpuIndex)
                .thenComparing(p -> p.allocation().container());
        for (List<Placement> ps : m.values()) ps.sort(order);
        return m;
    }
}
