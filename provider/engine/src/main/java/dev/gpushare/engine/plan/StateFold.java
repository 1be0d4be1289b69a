package dev.gpushare.engine.plan;

import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.backend.Snapshot;
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
 * The meaning of actions as a pure function: the state — the whole snapshot, declared layouts
 * included — a backend must hold after applying them. The one definition of what an action does:
 * the apply-time check folds batches with it, backends store its result or derive their writes from
 * it, and {@code BackendContract} checks every backend against it.
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
        Fold fold = Fold.of(state);
        for (Action a : actions) fold.step(a);
        return fold.state();
    }

    /**
     * The whole snapshot after {@code actions}: the state as {@link #apply(FleetState, List)} folds
     * it, the declared layouts as the launches and replacements set them (a launch without one
     * clears it) and terminations drop them, the revision one further (a committed batch).
     */
    public static Snapshot apply(Snapshot snapshot, List<? extends Action> actions) {
        Fold fold = Fold.of(snapshot, false);
        for (Action a : actions) fold.step(a);
        return fold.snapshot(snapshot.revision() + 1, snapshot.supply());
    }

    /**
     * The transition one action at a time, over instances given up front ({@link #of}) or as they
     * are needed ({@link #load}): what the apply-time check folds a batch with, action by action,
     * loading from a backend only the instances the actions name; and what a backend keeping its
     * state in memory folds each committed batch into, at the cost of what the batch touches.
     */
    public static final class Fold {
        private final String cluster;
        private final List<dev.gpushare.engine.state.Unplaced> unplaced;
        private final TreeMap<InstanceId, Instance> byId = new TreeMap<>();
        private final Map<InstanceId, List<String>> layouts = new TreeMap<>();
        /** The last rollout record of each group ({@code RecordRollout}). */
        private final Map<String, dev.gpushare.engine.state.RolloutRecord> rollouts = new TreeMap<>();
        /** Ids an action terminated: not loaded again. */
        private final java.util.Set<InstanceId> gone = new java.util.HashSet<>();
        /** Instances changed since the last {@link #state()}: normalized again there, the others are already. */
        private final java.util.Set<InstanceId> dirty = new java.util.HashSet<>();
        // where each task has allocations (a superset: an instance replaced or terminated since may
        // still be listed), so that removing a copy looks at its instances only, not at the fleet:
        // folding a million placements into a state is then linear, not quadratic; built on first need
        private Map<TaskId, List<InstanceId>> where;

        private Fold(String cluster, List<dev.gpushare.engine.state.Unplaced> unplaced) {
            this.cluster = cluster;
            this.unplaced = unplaced;
        }

        /** A fold over the whole of {@code state}. */
        public static Fold of(FleetState state) {
            Fold f = new Fold(state.cluster(), state.unplaced());
            for (Instance i : state.instances()) f.load(i);
            return f;
        }

        /**
         * A fold over a snapshot, declared layouts included; {@code normalized}: its state is
         * already in {@link #normalize}'s order (read back from a store), so only what actions
         * change is sorted again.
         */
        public static Fold of(Snapshot snapshot, boolean normalized) {
            Fold f = of(snapshot.state());
            f.layouts.putAll(snapshot.declaredLayouts());
            for (dev.gpushare.engine.state.RolloutRecord r : snapshot.rollouts()) f.rollouts.put(r.group(), r);
            if (normalized) f.dirty.clear();
            return f;
        }

        /** A fold that starts with no instances; {@link #load} adds them before the actions that name them. */
        public static Fold empty(String cluster) {
            return new Fold(cluster, List.of());
        }

        /** Adds an instance as the state before the fold has it, unless the fold already holds or removed it. */
        public void load(Instance i) {
            if (byId.containsKey(i.id()) || gone.contains(i.id())) return;
            byId.put(i.id(), i);
            dirty.add(i.id());
            if (where != null) index(i);
        }

        /** As {@link #load(Instance)}, with the layout the instance was launched with (or null). */
        public void load(Instance i, List<String> layout) {
            if (byId.containsKey(i.id()) || gone.contains(i.id())) return;
            load(i);
            if (layout != null) layouts.put(i.id(), layout);
        }

        /** The declared layout of an instance as folded so far, or null. */
        public List<String> layout(InstanceId id) {
            return layouts.get(id);
        }

        /** The instances that may hold copies of {@code task} (a superset), as folded so far. */
        public List<InstanceId> holding(TaskId task) {
            return List.copyOf(where().getOrDefault(task, List.of()));
        }

        private void index(Instance i) {
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) holds(where, a.task(), i.id());
        }

        private Map<TaskId, List<InstanceId>> where() {
            if (where == null) {
                where = new HashMap<>();
                for (Instance i : byId.values()) index(i);
            }
            return where;
        }

        /** True when the fold knows what became of the instance (held or terminated). */
        public boolean knows(InstanceId id) {
            return byId.containsKey(id) || gone.contains(id);
        }

        /** The instance as folded so far, or null (never loaded, or terminated). */
        public Instance instance(InstanceId id) {
            return byId.get(id);
        }

        /** Folds one action. */
        public void step(Action action) {
            switch (action) {
                case LaunchInstance l -> launch(l.instance(), l.declaredLayout());
                case ReplaceInstance r -> launch(r.instance(), r.declaredLayout());
                case ConfigureGpu c -> {
                    Instance i = byId.get(c.instanceId());
                    if (i != null) put(configured(i, c));
                }
                case PlaceCopy p -> { remove(p.task()); add(p.placements()); }
                case MoveCopy m -> { remove(m.task()); add(m.to()); }
                case StopCopy s -> remove(s.task());
                case Action.RecordRollout r -> rollouts.put(r.record().group(), r.record());
                case TerminateInstance t -> {
                    byId.remove(t.instanceId());
                    layouts.remove(t.instanceId());
                    dirty.remove(t.instanceId());
                    gone.add(t.instanceId());
                }
            }
        }

        private void launch(Instance i, List<String> layout) {
            gone.remove(i.id());
            put(withoutAllocations(i));
            if (layout == null) layouts.remove(i.id()); else layouts.put(i.id(), layout);
        }

        private void put(Instance i) {
            byId.put(i.id(), i);
            dirty.add(i.id());
        }

        private void remove(TaskId task) {
            List<InstanceId> ids = where().remove(task);
            if (ids == null) return; // no allocation of the task anywhere
            for (InstanceId id : ids) {
                Instance i = byId.get(id);
                if (i == null) continue; // terminated since
                boolean touched = false;
                List<Gpu> gpus = new ArrayList<>(i.gpus().size());
                for (Gpu g : i.gpus()) {
                    List<Allocation> kept = new ArrayList<>(g.allocations().size());
                    for (Allocation a : g.allocations()) if (!a.task().equals(task)) kept.add(a);
                    touched |= kept.size() != g.allocations().size();
                    gpus.add(kept.size() == g.allocations().size() ? g : withAllocations(g, kept));
                }
                if (touched) put(copy(i, gpus));
            }
        }

        private void add(List<Placement> placements) {
            for (Placement p : placements) {
                Instance i = byId.get(p.instanceId());
                if (i == null) continue; // placing on a missing instance is a plan bug; the backend refuses it
                holds(where(), p.allocation().task(), i.id());
                List<Gpu> gpus = new ArrayList<>(i.gpus().size());
                for (Gpu g : i.gpus()) {
                    if (g.index() != p.gpuIndex()) { gpus.add(g); continue; }
                    List<Allocation> as = new ArrayList<>(g.allocations());
                    as.add(p.allocation());
                    gpus.add(withAllocations(g, as));
                }
                put(copy(i, gpus));
            }
        }

        /** The state folded so far (normalized), with the unplaced copies of the state it started from. */
        public FleetState state() {
            for (InstanceId id : dirty) {
                Instance i = byId.get(id);
                if (i != null) byId.put(id, normalize(i));
            }
            dirty.clear();
            return new FleetState(cluster, new ArrayList<>(byId.values()), unplaced);
        }

        /** The snapshot folded so far: {@link #state()} with the declared layouts, at {@code revision}. */
        public Snapshot snapshot(long revision, dev.gpushare.engine.backend.InstanceSupply supply) {
            return new Snapshot(state(), revision, layouts, supply, new ArrayList<>(rollouts.values()));
        }

        /** The rollout records folded so far ({@code RecordRollout}), by group. */
        public List<dev.gpushare.engine.state.RolloutRecord> rollouts() {
            return new ArrayList<>(rollouts.values());
        }
    }

    /** The instances an action names (where it launches, configures, places, moves from and to, stops, terminates). */
    public static List<InstanceId> named(Action action) {
        List<InstanceId> out = new ArrayList<>(2);
        switch (action) {
            case LaunchInstance l -> out.add(l.instance().id());
            case ReplaceInstance r -> out.add(r.instance().id());
            case ConfigureGpu c -> out.add(c.instanceId());
            case PlaceCopy p -> { for (Placement x : p.placements()) out.add(x.instanceId()); }
            case MoveCopy m -> {
                for (Placement x : m.from()) out.add(x.instanceId());
                for (Placement x : m.to()) out.add(x.instanceId());
            }
            case StopCopy st -> { for (Placement x : st.from()) out.add(x.instanceId()); }
            case TerminateInstance t -> out.add(t.instanceId());
            case Action.RecordRollout r -> { }
        }
        return out;
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

    /** The same state with a canonical order of instances, GPUs and allocations. */
    public static FleetState normalize(FleetState s) {
        List<Instance> instances = new ArrayList<>();
        for (Instance i : s.instances()) instances.add(normalize(i));
        instances.sort(Comparator.comparing(Instance::id));
        return new FleetState(s.cluster(), instances, s.unplaced());
    }

    /** The instance with its GPUs by index and each GPU's allocations by task, then container. */
    public static Instance normalize(Instance i) {
        List<Gpu> gpus = new ArrayList<>(i.gpus().size());
        for (Gpu g : i.gpus()) {
            List<Allocation> as = new ArrayList<>(g.allocations());
            as.sort(ALLOCATIONS);
            gpus.add(withAllocations(g, as));
        }
        gpus.sort(Comparator.comparingInt(Gpu::index));
        return copy(i, gpus);
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
