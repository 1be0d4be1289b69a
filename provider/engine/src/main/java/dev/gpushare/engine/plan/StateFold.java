package dev.gpushare.engine.plan;

import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The meaning of actions as a pure function: the state a backend must hold after applying them.
 * Backends implement the same effects in their own storage; tests compare the two.
 *
 * <p>Output is normalized ({@link #normalize}): instances by id ({@link InstanceId}'s order, the
 * solver's), GPUs by index, allocations by task ({@link TaskId}'s order) then container, so two
 * states can be compared with {@code equals} and a state read back lists as the solver wrote it.
 */
public final class StateFold {
    private static final Comparator<Allocation> ALLOCATIONS =
            Comparator.comparing(Allocation::task).thenComparing(Allocation::container);

    private StateFold() {}

    /** {@code state} after {@code actions}, in order; {@code unplaced} is kept from {@code state}. */
    public static FleetState apply(FleetState state, List<? extends Action> actions) {
        Map<InstanceId, Instance> byId = new TreeMap<>();
        // where each task has allocations (a superset: an instance replaced or terminated since may
        // still be listed), so that removing a copy looks at its instances only, not at the fleet:
        // folding a million placements into a state is then linear, not quadratic
        Map<TaskId, List<InstanceId>> where = new HashMap<>();
        for (Instance i : state.instances()) {
            byId.put(i.id(), i);
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) holds(where, a.task(), i.id());
        }
        for (Action a : actions) step(byId, where, a);
        return normalize(new FleetState(state.cluster(), new ArrayList<>(byId.values()), state.unplaced()));
    }

    private static void step(Map<InstanceId, Instance> byId, Map<TaskId, List<InstanceId>> where, Action action) {
        switch (action) {
            case LaunchInstance l -> byId.put(l.instance().id(), withoutAllocations(l.instance()));
            case ReplaceInstance r -> byId.put(r.instance().id(), withoutAllocations(r.instance()));
            case ConfigureGpu c -> {
                Instance i = byId.get(c.instanceId());
                if (i != null) byId.put(i.id(), configured(i, c));
            }
            case PlaceCopy p -> { remove(byId, where, p.task()); add(byId, where, p.placements()); }
            case MoveCopy m -> { remove(byId, where, m.task()); add(byId, where, m.to()); }
            case StopCopy s -> remove(byId, where, s.task());
            case TerminateInstance t -> byId.remove(t.instanceId());
        }
    }

    private static void holds(Map<TaskId, List<InstanceId>> where, TaskId task, InstanceId id) {
        List<InstanceId> ids = where.computeIfAbsent(task, k -> new ArrayList<>(1));
        if (!ids.contains(id)) ids.add(id);
    }

    /** The instance with the GPU that {@code c} configures in its mode, fraction and partitions (allocations kept). */
    public static Instance configured(Instance i, ConfigureGpu c) {
        List<Gpu> gpus = new ArrayList<>(i.gpus().size());
        for (Gpu g : i.gpus()) {
            gpus.add(g.index() != c.gpuIndex() ? g
                    : new Gpu(g.index(), g.model(), g.memoryMiB(), c.mode(), c.fraction(), c.partitions(), g.allocations()));
        }
        return copy(i, gpus);
    }

    private static void remove(Map<InstanceId, Instance> byId, Map<TaskId, List<InstanceId>> where, TaskId task) {
        List<InstanceId> ids = where.remove(task);
        if (ids == null) return; // no allocation of the task anywhere
        for (InstanceId id : ids) {
            Instance i = byId.get(id);
            if (i == null) continue; // terminated since
            boolean touched = false;
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> kept = new ArrayList<>();
                for (Allocation a : g.allocations()) if (!a.task().equals(task)) kept.add(a);
                touched |= kept.size() != g.allocations().size();
                gpus.add(kept.size() == g.allocations().size() ? g : withAllocations(g, kept));
            }
            if (touched) byId.put(id, copy(i, gpus));
        }
    }

    private static void add(Map<InstanceId, Instance> byId, Map<TaskId, List<InstanceId>> where, List<Placement> placements) {
        for (Placement p : placements) {
            Instance i = byId.get(p.instanceId());
            if (i == null) continue; // placing on a missing instance is a plan bug; the backend refuses it
            holds(where, p.allocation().task(), i.id());
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                if (g.index() != p.gpuIndex()) { gpus.add(g); continue; }
                List<Allocation> as = new ArrayList<>(g.allocations());
                as.add(p.allocation());
                gpus.add(withAllocations(g, as));
            }
            byId.put(i.id(), copy(i, gpus));
        }
    }

    /** The same state with a canonical order of instances, GPUs and allocations. */
    public static FleetState normalize(FleetState s) {
        List<Instance> instances = new ArrayList<>();
        for (Instance i : s.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> as = new ArrayList<>(g.allocations());
                as.sort(ALLOCATIONS);
                gpus.add(withAllocations(g, as));
            }
            gpus.sort(Comparator.comparingInt(Gpu::index));
            instances.add(copy(i, gpus));
        }
        instances.sort(Comparator.comparing(Instance::id));
        return new FleetState(s.cluster(), instances, s.unplaced());
    }

    /** The instance with empty GPUs, as a launch creates it. */
    public static Instance withoutAllocations(Instance i) {
        List<Gpu> gpus = new ArrayList<>();
        for (Gpu g : i.gpus()) gpus.add(withAllocations(g, List.of()));
        return copy(i, gpus);
    }

    private static Gpu withAllocations(Gpu g, List<Allocation> as) {
        return new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as);
    }

    private static Instance copy(Instance i, List<Gpu> gpus) {
        return i.withGpus(gpus);
    }
}
