package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A cluster's snapshot kept current in memory as batches commit: each batch is folded in with the
 * meaning {@link StateFold#apply} gives it, at the cost of what the batch touches (an index from
 * task to the instances holding it), not of the fleet. Only touched instances are normalized
 * again; the others are already in canonical order. Tests check it against {@link StateFold} and
 * against the rows.
 */
public final class KeptState {
    private final String cluster;
    private final TreeMap<InstanceId, Instance> byId = new TreeMap<>();
    private final Map<InstanceId, List<String>> layouts;
    /** Task → instances that may hold it (a superset: stale entries find nothing); built on first need. */
    private Map<TaskId, Set<InstanceId>> where;
    private long revision;
    private Snapshot snapshot;

    public KeptState(Snapshot s) {
        this.cluster = s.state().cluster();
        for (Instance i : s.state().instances()) byId.put(i.id(), i);
        this.layouts = new TreeMap<>(s.declaredLayouts());
        this.revision = s.revision();
        this.snapshot = s;
    }

    public String cluster() {
        return cluster;
    }

    public long revision() {
        return revision;
    }

    /** The state as of {@link #revision()}. */
    public Snapshot snapshot() {
        if (snapshot == null) snapshot = new Snapshot(new FleetState(cluster, new ArrayList<>(byId.values()), List.of()), revision, layouts);
        return snapshot;
    }

    /** Folds in a committed batch; the state is then the one at {@code next}. */
    public void apply(List<? extends Action> batch, long next) {
        Set<InstanceId> touched = new HashSet<>();
        for (Action a : batch) step(a, touched);
        for (InstanceId id : touched) {
            Instance i = byId.get(id);
            if (i != null) byId.put(id, StateFold.normalize(new FleetState(cluster, List.of(i), List.of())).instances().getFirst());
        }
        revision = next;
        snapshot = null;
    }

    private void step(Action action, Set<InstanceId> touched) {
        switch (action) {
            case Action.LaunchInstance l -> {
                put(StateFold.withoutAllocations(l.instance()), touched);
                layout(l.instance().id(), l.declaredLayout());
            }
            case Action.ReplaceInstance r -> {
                put(StateFold.withoutAllocations(r.instance()), touched);
                layout(r.instance().id(), r.declaredLayout());
            }
            case Action.ConfigureGpu c -> {
                Instance i = byId.get(c.instanceId());
                if (i != null) put(StateFold.configured(i, c), touched);
            }
            case Action.PlaceCopy p -> {
                remove(p.task(), touched);
                add(p.placements(), touched);
            }
            case Action.MoveCopy m -> {
                remove(m.task(), touched);
                add(m.to(), touched);
            }
            case Action.StopCopy s -> remove(s.task(), touched);
            case Action.TerminateInstance t -> {
                byId.remove(t.instanceId());
                layouts.remove(t.instanceId());
            }
        }
    }

    private void layout(InstanceId id, List<String> layout) {
        if (layout == null) layouts.remove(id); else layouts.put(id, layout);
    }

    private void put(Instance i, Set<InstanceId> touched) {
        byId.put(i.id(), i);
        touched.add(i.id());
    }

    private Map<TaskId, Set<InstanceId>> where() {
        if (where == null) {
            where = new HashMap<>();
            for (Instance i : byId.values()) {
                for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) where.computeIfAbsent(a.task(), k -> new HashSet<>(2)).add(i.id());
            }
        }
        return where;
    }

    private void remove(TaskId task, Set<InstanceId> touched) {
        Set<InstanceId> on = where().remove(task);
        if (on == null) return;
        for (InstanceId id : on) {
            Instance i = byId.get(id);
            if (i == null) continue; // terminated since
            boolean changed = false;
            List<Gpu> gpus = new ArrayList<>(i.gpus().size());
            for (Gpu g : i.gpus()) {
                List<Allocation> kept = new ArrayList<>(g.allocations().size());
                for (Allocation a : g.allocations()) if (!a.task().equals(task)) kept.add(a);
                changed |= kept.size() != g.allocations().size();
                gpus.add(kept.size() == g.allocations().size() ? g : withAllocations(g, kept));
            }
            if (changed) put(copy(i, gpus), touched);
        }
    }

    private void add(List<Action.Placement> placements, Set<InstanceId> touched) {
        for (Action.Placement p : placements) {
            Instance i = byId.get(p.instanceId());
            if (i == null) continue; // as StateFold: a placement on a missing instance is refused before it commits
            List<Gpu> gpus = new ArrayList<>(i.gpus().size());
            for (Gpu g : i.gpus()) {
                if (g.index() != p.gpuIndex()) {
                    gpus.add(g);
                    continue;
                }
                List<Allocation> as = new ArrayList<>(g.allocations());
                as.add(p.allocation());
                gpus.add(withAllocations(g, as));
            }
            put(copy(i, gpus), touched);
            where().computeIfAbsent(p.allocation().task(), k -> new HashSet<>(2)).add(i.id());
        }
    }

    private static Gpu withAllocations(Gpu g, List<Allocation> as) {
        return new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as);
    }

    private static Instance copy(Instance i, List<Gpu> gpus) {
        return i.withGpus(gpus);
    }
}
