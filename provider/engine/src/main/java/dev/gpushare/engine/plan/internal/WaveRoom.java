package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.internal.MaxTree;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.placement.Admission.Found;
import dev.gpushare.engine.placement.Admission.Overflow;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.model.InstanceTypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * What each instance holds as the waves run, measured with placement's own feasibility: a copy
 * taken next to its old one must leave its instance within {@link Admission#check} (the {@code
 * Fit.verify} and host checks that keep a copy where it is, a copy's old and new revisions counted
 * as two users), and free room elsewhere or on a surge instance is found with {@link
 * Admission#find} ({@code Fit.find} for the copy's GPU form: MPS memory and clients, MIG instances,
 * time-slicing replicas, whole and fractional GPUs). Changes are journaled so that a refused group
 * leaves it as it was.
 */
final class WaveRoom {
    /** One GPU as the waves see it: its mode and the allocations it holds. */
    static final class Slot {
        final InstanceId instance;
        final Gpu gpu;
        GpuMode mode;
        final List<Allocation> held = new ArrayList<>();

        Slot(InstanceId instance, Gpu gpu) {
            this.instance = instance;
            this.gpu = gpu;
            this.mode = gpu.mode();
            held.addAll(gpu.allocations());
        }

        int index() {
            return gpu.index();
        }

        /** Removes {@code a} (the same copy, container and revision) from what the GPU holds. */
        void remove(Allocation a) {
            for (int k = 0; k < held.size(); k++) {
                Allocation h = held.get(k);
                if (h.task().equals(a.task()) && h.container().equals(a.container()) && Objects.equals(h.revision(), a.revision())) {
                    held.remove(k);
                    return;
                }
            }
        }
    }

    /** A copy started elsewhere or on a surge instance: where it goes, the GPUs configured for it, the launch. */
    record Moved(List<Placement> to, List<Action.ConfigureGpu> configures, Action.LaunchInstance launch) {}

    private final Admission admission;
    private final Catalog catalog;
    private final Map<String, InstanceTypeDef> declaredTypes;
    private final Map<InstanceId, Instance> instances = new LinkedHashMap<>();
    private final Map<InstanceId, Map<Integer, Slot>> slots = new HashMap<>();
    /** Per owner, its healthy instances in id order (surge instances appended): where free room is looked for. */
    private final Map<Owner, List<InstanceId>> byOwner = new HashMap<>();
    /** Per owner, its instances while the waves run (those terminated after them included). */
    private final Map<Owner, Integer> count = new HashMap<>();
    private final Map<Owner, Integer> nextNumber = new HashMap<>();
    /** GPUs a later action reconfigures (per instance): no copy is started on them to free room. */
    private final Map<InstanceId, Set<Integer>> closed = new HashMap<>();
    /** Instances a later action terminates. */
    private final Set<InstanceId> terminatedLater = new HashSet<>();
    /** Instances that held copies when the waves started, and surge instances launched. */
    private final Set<InstanceId> heldCopies = new HashSet<>();
    private final List<InstanceId> launched = new ArrayList<>();
    /** GPUs a rollout started copies on elsewhere, or moved copies away from. */
    private final Set<Slot> touched = new LinkedHashSet<>();
    /**
     * Per owner, the free MPS memory of its instances as the waves run, at their positions in
     * {@link #byOwner}: per position the most free memory on one of the instance's GPUs that can take
     * an MPS copy (-1: none), so that the first instance with room for a copy is found in O(log n)
     * instead of testing every instance in turn ({@link #elsewhere}), and the most free memory of
     * the pool is read in O(1) (the order of the rollouts).
     */
    private final Map<Owner, MaxTree> free = new HashMap<>();
    private final Map<InstanceId, Integer> position = new HashMap<>();
    boolean relocated;

    private WaveRoom(Admission admission, Catalog catalog, Map<String, InstanceTypeDef> declaredTypes) {
        this.admission = admission;
        this.catalog = catalog;
        this.declaredTypes = declaredTypes;
    }

    /**
     * @param state         the state as the waves start
     * @param usedNumbers   per owner, the highest instance number the state or the plan uses (a
     *                      surge instance takes the next)
     * @param declaredTypes instance types the spec declares (not built in), for the launches
     */
    static WaveRoom of(FleetState state, Map<Owner, Integer> usedNumbers, Admission admission, Catalog catalog,
                       Map<String, InstanceTypeDef> declaredTypes) {
        WaveRoom room = new WaveRoom(admission, catalog, declaredTypes);
        List<Instance> ordered = new ArrayList<>(state.instances());
        ordered.sort((a, b) -> a.id().compareTo(b.id()));
        for (Instance i : ordered) room.add(i);
        room.nextNumber.putAll(usedNumbers);
        return room;
    }

    private void add(Instance i) {
        instances.put(i.id(), i);
        Map<Integer, Slot> gpus = new TreeMap<>();
        boolean holds = false;
        for (Gpu g : i.gpus()) {
            gpus.put(g.index(), new Slot(i.id(), g));
            holds |= !g.allocations().isEmpty();
        }
        slots.put(i.id(), gpus);
        if (holds) heldCopies.add(i.id());
        if (i.healthy()) {
            List<InstanceId> pool = byOwner.computeIfAbsent(i.owner(), k -> new ArrayList<>());
            pool.add(i.id());
            free.computeIfAbsent(i.owner(), k -> new MaxTree(16));
            position.put(i.id(), pool.size() - 1);
            refresh(i.id());
        }
        count.merge(i.owner(), 1, Integer::sum);
    }

    /** Updates the free-room index for {@code id} after its GPUs changed. */
    private void refresh(InstanceId id) {
        Integer p = position.get(id);
        if (p == null) return;
        free.get(instances.get(id).owner()).set(p, terminatedLater.contains(id) ? -1 : mostFree(id));
    }

    /**
     * The most free MPS memory on one GPU of the instance that can take an MPS copy (open to copies
     * started to free room, MPS or IDLE, holding no whole-GPU or partition user); -1 when none.
     */
    private long mostFree(InstanceId id) {
        long most = -1;
        Set<Integer> shut = closed.getOrDefault(id, Set.of());
        for (Slot s : slots.get(id).values()) {
            if (shut.contains(s.index()) || (s.mode != GpuMode.MPS && s.mode != GpuMode.IDLE)) continue;
            long used = 0;
            boolean open = true;
            for (Allocation a : s.held) {
                if (a.memoryMiB() == null || a.partition() != null) { open = false; break; }
                used += a.memoryMiB();
            }
            if (open) most = Math.max(most, s.gpu.memoryMiB() - used);
        }
        return most;
    }

    /** The MPS memory a copy of {@code m} takes (its containers together), or -1 when it is not an MPS copy. */
    static long need(MoveCopy m) {
        long need = 0;
        for (Placement p : m.to()) {
            Allocation a = p.allocation();
            if (a.memoryMiB() == null || a.partition() != null) return -1;
            need += a.memoryMiB();
        }
        return need;
    }

    /**
     * The most free MPS memory on one GPU of {@code m}'s pool now (beside its old copy or elsewhere);
     * {@link Long#MAX_VALUE} when its pool is unknown (nothing to say).
     */
    long mostFree(MoveCopy m) {
        Owner owner = ownerOf(m);
        MaxTree f = owner == null ? null : free.get(owner);
        return f == null ? Long.MAX_VALUE : f.max();
    }

    /** Closes GPU {@code index} of {@code instance} (-1: the instance, which a later action terminates) to copies started to free room. */
    void close(InstanceId instance, int index) {
        Map<Integer, Slot> g = slots.get(instance);
        if (g == null) return;
        if (index < 0) terminatedLater.add(instance);
        else closed.computeIfAbsent(instance, k -> new HashSet<>()).add(index);
        refresh(instance);
    }

    /** The instance with what its GPUs hold now. */
    Instance view(InstanceId id) {
        Instance i = instances.get(id);
        List<Gpu> gpus = new ArrayList<>(i.gpus().size());
        for (Slot s : slots.get(id).values()) {
            Gpu g = s.gpu;
            gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), s.mode, g.fraction(), g.partitions(), s.held));
        }
        return i.withGpus(gpus);
    }

    private Slot slot(InstanceId id, int index) {
        Map<Integer, Slot> g = slots.get(id);
        return g == null ? null : g.get(index);
    }

    /** Takes the room of {@code ps} if its instances still hold their copies with it (nothing taken otherwise). */
    boolean take(List<Placement> ps, Journal j) {
        int mark = j.size();
        Set<InstanceId> on = new LinkedHashSet<>();
        for (Placement p : ps) {
            Slot s = slot(p.instanceId(), p.gpuIndex());
            if (s == null) {
                j.rollbackTo(mark);
                j.lastRefusal = "GPU " + p.gpuIndex() + " of " + p.instanceId() + " is not in the state";
                return false;
            }
            addTo(s, p.allocation(), j);
            on.add(p.instanceId());
        }
        for (InstanceId id : on) {
            Instance v = view(id);
            Overflow o = admission.check(v, ps.getFirst().allocation().task()).orElse(null);
            if (o != null) {
                j.rollbackTo(mark);
                j.lastRefusal = describe(o, v);
                return false;
            }
        }
        return true;
    }

    void release(List<Placement> ps, Journal j) {
        for (Placement p : ps) {
            Slot s = slot(p.instanceId(), p.gpuIndex());
            if (s == null) continue;
            s.remove(p.allocation());
            refresh(s.instance);
            Allocation a = p.allocation();
            j.undo(() -> {
                s.held.add(a);
                refresh(s.instance);
            });
        }
    }

    private void addTo(Slot s, Allocation a, Journal j) {
        s.held.add(a);
        refresh(s.instance);
        j.undo(() -> {
            s.remove(a);
            refresh(s.instance);
        });
    }

    /**
     * The new copy of {@code m} on the first instance of its pool (id order) with room for it next to
     * everything running, by placement's {@code Fit.find}; null when there is none.
     */
    Moved elsewhere(MoveCopy m, Journal j) {
        Owner owner = ownerOf(m);
        if (owner == null) return null;
        List<InstanceId> pool = byOwner.getOrDefault(owner, List.of());
        long need = need(m);
        if (need < 0) {
            for (InstanceId id : pool) {
                if (terminatedLater.contains(id)) continue;
                Moved moved = startOn(id, m, j);
                if (moved != null) return moved;
            }
            return null;
        }
        // an MPS copy: only the instances whose free-room index says one GPU has the memory (the
        // same instances, in the same order, that the test of every instance in turn would try)
        MaxTree f = free.get(owner);
        for (int p = f.leftmost(0, need); p >= 0; p = f.leftmost(p + 1, need)) {
            InstanceId id = pool.get(p);
            if (terminatedLater.contains(id)) continue;
            Moved moved = startOn(id, m, j);
            if (moved != null) return moved;
        }
        return null;
    }

    /**
     * The new copy of {@code m} on a surge instance of its pool launched for it, when the pool is
     * below its maxInstances; null otherwise (the journal records which limit was reached).
     */
    Moved surge(MoveCopy m, Journal j) {
        Owner owner = ownerOf(m);
        if (owner == null) return null;
        int max = admission.maxInstances(owner), now = count.getOrDefault(owner, 0);
        Instance fresh = admission.launch(owner, nextNumber.getOrDefault(owner, -1) + 1).orElse(null);
        if (fresh == null) return null;
        if (now >= max) {
            j.surgeBlocked(fresh.instanceType(), max);
            return null;
        }
        int mark = j.size();
        add(fresh);
        nextNumber.put(owner, fresh.id().ordinal());
        launched.add(fresh.id());
        heldCopies.add(fresh.id());
        j.undo(() -> {
            instances.remove(fresh.id());
            slots.remove(fresh.id());
            byOwner.get(owner).remove(fresh.id());
            Integer at = position.remove(fresh.id());
            if (at != null) free.get(owner).set(at, -1);
            count.merge(owner, -1, Integer::sum);
            nextNumber.put(owner, fresh.id().ordinal() - 1);
            launched.remove(fresh.id());
            heldCopies.remove(fresh.id());
        });
        Moved moved = startOn(fresh.id(), m, j);
        if (moved == null) {
            j.rollbackTo(mark);
            return null;
        }
        return new Moved(moved.to(), moved.configures(), new Action.LaunchInstance(fresh, null, declaredTypes.get(fresh.instanceType())));
    }

    private Owner ownerOf(MoveCopy m) {
        Instance i = instances.get(m.to().getFirst().instanceId());
        return i == null ? null : i.owner();
    }

    private Moved startOn(InstanceId id, MoveCopy m, Journal j) {
        if (!mightTake(id, m)) return null;
        List<Found> shape = new ArrayList<>(m.to().size());
        for (Placement p : m.to()) shape.add(new Found(p.gpuIndex(), null, p.allocation()));
        Revision revision = m.to().getFirst().allocation().revision();
        List<Found> found = admission.find(view(id), m.task(), shape, revision, closed.getOrDefault(id, Set.of())).orElse(null);
        if (found == null) return null;
        List<Placement> to = new ArrayList<>(found.size());
        List<Action.ConfigureGpu> configures = new ArrayList<>();
        for (Found f : found) {
            Slot s = slot(id, f.gpu());
            if (s.mode != f.mode()) {
                GpuMode was = s.mode;
                configures.add(new Action.ConfigureGpu(id, f.gpu(), was, f.mode(), s.gpu.fraction(), s.gpu.partitions()));
                s.mode = f.mode();
                refresh(id);
                j.undo(() -> {
                    s.mode = was;
                    refresh(s.instance);
                });
            }
            addTo(s, f.allocation(), j);
            touched.add(s);
            to.add(new Placement(id, f.gpu(), f.allocation()));
        }
        for (Placement p : m.from()) {
            Slot s = slot(p.instanceId(), p.gpuIndex());
            if (s != null) touched.add(s);
        }
        relocated = true;
        return new Moved(to, configures, null);
    }

    /**
     * False when no GPU of the instance can take the copy's MPS memory (every GPU's free MPS memory
     * is less, or it holds a whole-GPU or partition user): a quick test before {@link Admission#find},
     * which measures everything; true for the other forms.
     */
    private boolean mightTake(InstanceId id, MoveCopy m) {
        long need = need(m);
        return need < 0 || mostFree(id) >= need;
    }

    /** The configures that return the GPUs the rollouts emptied to IDLE, as placement leaves a GPU with nothing on it. */
    List<Action.ConfigureGpu> emptied(Set<InstanceId> terminated) {
        List<Action.ConfigureGpu> out = new ArrayList<>();
        List<Slot> ordered = new ArrayList<>(touched);
        ordered.sort((x, y) -> x.instance.equals(y.instance) ? Integer.compare(x.index(), y.index()) : x.instance.compareTo(y.instance));
        for (Slot s : ordered) {
            if (!s.held.isEmpty() || terminated.contains(s.instance) || terminatedLater.contains(s.instance)
                    || closed.getOrDefault(s.instance, Set.of()).contains(s.index())) continue;
            if (s.mode == GpuMode.MPS || s.mode == GpuMode.DEDICATED) {
                out.add(new Action.ConfigureGpu(s.instance, s.index(), s.mode, GpuMode.IDLE, s.gpu.fraction(), s.gpu.partitions()));
            }
        }
        return out;
    }

    /**
     * The instances the rollouts emptied (or launched and left empty), terminated while their pool
     * keeps at least its minInstances, in id order.
     */
    List<Action.TerminateInstance> emptiedInstances() {
        List<Action.TerminateInstance> out = new ArrayList<>();
        Map<Owner, Integer> remaining = new HashMap<>(count);
        for (InstanceId id : terminatedLater) {
            Instance i = instances.get(id);
            if (i != null) remaining.merge(i.owner(), -1, Integer::sum);
        }
        List<InstanceId> ids = new ArrayList<>(instances.keySet());
        ids.sort(InstanceId::compareTo);
        for (InstanceId id : ids) {
            Instance i = instances.get(id);
            if (!heldCopies.contains(id) || terminatedLater.contains(id) || !relocatedFrom(id)) continue;
            boolean empty = true;
            for (Slot s : slots.get(id).values()) empty &= s.held.isEmpty();
            if (!empty || remaining.getOrDefault(i.owner(), 0) <= admission.minInstances(i.owner())) continue;
            remaining.merge(i.owner(), -1, Integer::sum);
            out.add(new Action.TerminateInstance(id, "its copies' new revision runs on other instances (rollout)"));
        }
        return out;
    }

    private boolean relocatedFrom(InstanceId id) {
        if (launched.contains(id)) return true;
        for (Slot s : touched) if (s.instance.equals(id)) return true;
        return false;
    }

    /** The instances launched for the rollouts so far. */
    int launchedCount() {
        return launched.size();
    }

    /** The hourly list price of an instance of {@code type}, or null when the catalog has none. */
    BigDecimal perHour(String type) {
        return catalog == null ? null : catalog.price(type).map(p -> p.perHour()).orElse(null);
    }

    /** A GPU refusal in the words of a rollout: what the copy needs on which GPU, with the numbers. */
    private static String describe(Overflow o, Instance i) {
        Gpu g = null;
        for (Gpu x : i.gpus()) if (x.index() == o.gpu()) g = x;
        if (o.resource() == Admission.Resource.GPU_MEMORY_MIB && g != null) {
            return "it needs " + o.needed() + " MiB free on one " + g.model() + " (" + g.model() + " GPU " + i.id() + "/" + g.index()
                    + " has " + o.free() + " of " + g.memoryMiB() + " MiB free next to the copies it runs)";
        }
        return "on " + i.id() + ": " + o.message();
    }

    Journal journal() {
        return new Journal();
    }

    /** The changes of one group's waves, to undo when the group is refused, and why it was. */
    static final class Journal {
        private final List<Runnable> undo = new ArrayList<>();
        String lastRefusal;
        /** The instance type of a surge instance that maxInstances kept from launching, and that limit; null when none was. */
        String surgeType;
        int surgeLimit;

        int size() {
            return undo.size();
        }

        void undo(Runnable r) {
            undo.add(r);
        }

        void rollbackTo(int mark) {
            while (undo.size() > mark) undo.removeLast().run();
        }

        void undoAll() {
            rollbackTo(0);
        }

        void surgeBlocked(String type, int limit) {
            surgeType = type;
            surgeLimit = limit;
        }
    }
}
