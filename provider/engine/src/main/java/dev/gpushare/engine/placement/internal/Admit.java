package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.placement.Admission.Found;
import dev.gpushare.engine.placement.Admission.Overflow;
import dev.gpushare.engine.placement.Admission.Resource;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Admission of a state that is not the solver's own (a batch folded into a backend's state): the
 * copies on one instance are measured, in task order, with the feasibility checks placement uses
 * ({@link Fit#verify}, {@link HostFit#resources}) against a node that the copies before them fill
 * ({@link Assign#apply}). A copy's needs are read from its allocations (MPS memory and compute,
 * MIG instance, how many GPUs); its host CPU and memory, the pool's MPS client limit and
 * time-slicing replicas from the spec when one is known. Without a spec (a saved plan, a batch sent
 * to the service) what the state itself says is checked — GPU memory, whole and fractional GPUs
 * taken once, MIG instances that exist and hold one copy — and the rest is unbounded.
 */
public final class Admit {
    private final Catalog catalog;
    private final Map<Owner, Pool> pools;
    /** Per service or component: its host CPU units and memory (MiB). */
    private final Map<String, long[]> host;

    private Admit(Catalog catalog, Map<Owner, Pool> pools, Map<String, long[]> host) {
        this.catalog = catalog;
        this.pools = pools;
        this.host = host;
    }

    public static Admit of(Catalog catalog) {
        return new Admit(catalog, Map.of(), Map.of());
    }

    public static Admit of(ResolvedSpec resolved) {
        Catalog catalog = resolved.catalog();
        Map<Owner, Pool> pools = new HashMap<>();
        Map<String, long[]> host = new HashMap<>();
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : resolved.spec().taskDefinitions()) tds.putIfAbsent(td.family(), td);
        for (CapacityProvider cp : resolved.spec().capacityProviders()) {
            if (Pools.of(cp, catalog) instanceof Pools.Resolution.Ok ok) pools.putIfAbsent(ok.pool().owner(), ok.pool());
        }
        for (Endpoint e : resolved.spec().endpoints()) {
            if (Pools.of(e, catalog) instanceof Pools.Resolution.Ok ok) pools.putIfAbsent(ok.pool().owner(), ok.pool());
        }
        for (Service s : resolved.spec().services()) {
            TaskDefinition td = tds.get(s.taskDefinition());
            if (td != null) host.putIfAbsent(s.name(), new long[] {td.cpu() == null ? 0 : td.cpu(),
                    td.memoryMiB() == null ? 0 : td.memoryMiB()});
        }
        for (InferenceComponent ic : resolved.spec().inferenceComponents()) {
            host.putIfAbsent(ic.name(), new long[] {0, ic.hostMemoryMiB() == null ? 0 : ic.hostMemoryMiB()});
        }
        return new Admit(catalog, pools, host);
    }

    /**
     * Why a copy of the instance does not fit where it is, with the numbers; null when all of them
     * fit. The copies are measured in task order, those of {@code last} after the others (the copy
     * an action just placed is the one named when the instance is over).
     */
    public Overflow check(Instance inst, TaskId last) {
        Pool pool = pool(inst);
        if (pool == null) return null; // a type neither the catalog nor the spec knows: the action checks say so
        Node node = node(inst, pool);
        Map<Copy, Map<String, List<Located>>> tasks = byTask(inst);
        if (last != null) {
            Map<Copy, Map<String, List<Located>>> ordered = new LinkedHashMap<>();
            for (var e : tasks.entrySet()) if (!e.getKey().task().equals(last)) ordered.put(e.getKey(), e.getValue());
            for (var e : tasks.entrySet()) if (e.getKey().task().equals(last)) ordered.put(e.getKey(), e.getValue());
            tasks = ordered;
        }
        for (Map.Entry<Copy, Map<String, List<Located>>> e : tasks.entrySet()) {
            TaskId task = e.getKey().task();
            long[] needs = host.getOrDefault(task.group(), new long[2]);
            List<CopyRequest.GpuContainer> containers = new ArrayList<>();
            List<List<Choice.Pick>> picks = new ArrayList<>();
            List<Allocation> recorded = new ArrayList<>();
            Refusal missing = null;
            for (Map.Entry<String, List<Located>> c : e.getValue().entrySet()) {
                List<Located> ls = c.getValue();
                Allocation first = ls.getFirst().allocation();
                containers.add(new CopyRequest.GpuContainer(c.getKey(), need(first, ls.size(), pool)));
                List<Choice.Pick> ps = new ArrayList<>();
                for (Located l : ls) {
                    int part = -1;
                    if (l.allocation().partition() != null) {
                        part = partIndex(node, l.gpu(), l.allocation().partition());
                        if (part < 0 && missing == null) {
                            missing = new Refusal.NoPartition(l.allocation().partition().profile(), 1,
                                    PartitionFit.free(node, l.allocation().partition().profile()));
                        }
                    }
                    ps.add(new Choice.Pick(l.gpu(), part));
                    recorded.add(l.allocation());
                }
                picks.add(ps);
            }
            CopyRequest copy = copy(task, needs, containers);
            Choice choice = new Choice(picks);
            Refusal r = missing != null ? missing : HostFit.resources(copy, node);
            if (r == null) r = Fit.of(copy.form()).verify(copy, node, pool, choice);
            if (r != null) return overflow(task, gpuOf(e.getValue()), r, pool);
            Assign.apply(copy, node, choice, null);
        }
        return null;
    }

    /** An empty node of the instance's GPUs (their memory and MIG instances as the state has them). */
    private static Node node(Instance inst, Pool pool) {
        Node node = new Node(inst.id().ordinal(), 0, pool, false, null);
        for (Gpu g : inst.gpus()) {
            if (g.index() < 0 || g.index() >= node.gpus.length) continue;
            node.gpus[g.index()] = new GpuSlot(g.index(), pool.baseMode(), g.memoryMiB(), g.partitions());
        }
        return node;
    }

    /**
     * Where on {@code inst}, next to everything it holds, one more copy shaped like {@code shape}
     * (the allocations of the copy elsewhere, which give its needs) fits, by {@link Fit#find} and
     * the host check: its allocations there (with {@code revision}) and the mode each GPU it uses
     * takes; null when it does not fit or the instance holds copies that do not fit. GPUs in
     * {@code closed} take nothing.
     */
    public List<Found> find(Instance inst, TaskId task, List<Found> shape, dev.gpushare.engine.state.Revision revision,
                            java.util.Set<Integer> closed) {
        Pool pool = pool(inst);
        if (pool == null || shape.isEmpty() || !inst.healthy()) return null;
        Node node = node(inst, pool);
        if (!fill(inst, node, pool)) return null;
        for (int g : closed) {
            if (g < 0 || g >= node.gpus.length) continue;
            GpuSlot s = node.gpus[g];
            if (s.mode == dev.gpushare.engine.state.GpuMode.IDLE) node.idleGpus--;
            s.mode = dev.gpushare.engine.state.GpuMode.DEDICATED;
            s.memFree = 0;
            s.slotsUsed = Integer.MAX_VALUE / 2;
            java.util.Arrays.fill(s.partUsed, true);
        }
        if (pool.kind() == Pool.Kind.FRACTIONAL && !closed.isEmpty()) return null;
        Map<String, List<Found>> byContainer = new LinkedHashMap<>();
        for (Found f : shape) byContainer.computeIfAbsent(f.allocation().container(), k -> new ArrayList<>()).add(f);
        List<CopyRequest.GpuContainer> containers = new ArrayList<>();
        for (var c : byContainer.entrySet()) containers.add(new CopyRequest.GpuContainer(c.getKey(),
                need(c.getValue().getFirst().allocation(), c.getValue().size(), pool)));
        CopyRequest probe = copy(task, host.getOrDefault(task.group(), new long[2]), containers);
        CopyRequest copy = new CopyRequest(task, probe.strategy(), probe.cpuUnits(), probe.memoryMiB(), probe.containers(),
                probe.form(), probe.mpsMiB(), revision);
        Refusal r = HostFit.check(copy, node);
        if (r != null) return null;
        if (!(Fit.of(copy.form()).find(copy, node, pool) instanceof Choice choice)) return null;
        List<Allocation> written = Assign.allocations(copy, node, choice);
        Assign.apply(copy, node, choice, null);
        List<Found> out = new ArrayList<>(written.size());
        int a = 0;
        for (List<Choice.Pick> picks : choice.perContainer()) {
            for (Choice.Pick p : picks) out.add(new Found(p.gpu(), node.gpus[p.gpu()].mode, written.get(a++)));
        }
        return out;
    }

    /** Applies the instance's copies to the node; false when one of them does not fit. */
    private boolean fill(Instance inst, Node node, Pool pool) {
        for (Map.Entry<Copy, Map<String, List<Located>>> e : byTask(inst).entrySet()) {
            TaskId task = e.getKey().task();
            List<CopyRequest.GpuContainer> containers = new ArrayList<>();
            List<List<Choice.Pick>> picks = new ArrayList<>();
            for (Map.Entry<String, List<Located>> c : e.getValue().entrySet()) {
                List<Located> ls = c.getValue();
                containers.add(new CopyRequest.GpuContainer(c.getKey(), need(ls.getFirst().allocation(), ls.size(), pool)));
                List<Choice.Pick> ps = new ArrayList<>();
                for (Located l : ls) {
                    int part = -1;
                    if (l.allocation().partition() != null) {
                        part = partIndex(node, l.gpu(), l.allocation().partition());
                        if (part < 0) return false;
                    }
                    ps.add(new Choice.Pick(l.gpu(), part));
                }
                picks.add(ps);
            }
            CopyRequest copy = copy(task, host.getOrDefault(task.group(), new long[2]), containers);
            Choice choice = new Choice(picks);
            if (HostFit.resources(copy, node) != null || Fit.of(copy.form()).verify(copy, node, pool, choice) != null) return false;
            Assign.apply(copy, node, choice, null);
        }
        return true;
    }

    /**
     * An instance {@code number} of {@code owner}'s pool as it launches (its GPUs configured, no
     * copies), or null when the spec has no such pool.
     */
    public Instance launch(Owner owner, int number) {
        Pool pool = pools.get(owner);
        if (pool == null) return null;
        List<Gpu> gpus = new ArrayList<>();
        for (int g = 0; g < pool.gpuCount(); g++) {
            gpus.add(new Gpu(g, pool.gpuModel(), pool.gpuMemoryMiB(), pool.baseMode(), pool.fraction(), pool.layout(), List.of()));
        }
        return new Instance(new dev.gpushare.engine.state.InstanceId(pool.name(), number), owner, pool.type().name(), true, null, gpus);
    }

    /** The pool's maxInstances (an endpoint: its instanceCount); 0 when the spec has no such pool. */
    public int maxInstances(Owner owner) {
        Pool pool = pools.get(owner);
        return pool == null ? 0 : pool.maxInstances();
    }

    /** The pool's minInstances; 0 when the spec has no such pool. */
    public int minInstances(Owner owner) {
        Pool pool = pools.get(owner);
        return pool == null ? 0 : pool.minInstances();
    }

    private static Overflow overflow(TaskId task, int gpu, Refusal r, Pool pool) {
        return switch (r) {
            case Refusal.HostCpu h -> new Overflow(task, gpu, Resource.HOST_CPU_UNITS, h.needed(), h.free(), null);
            case Refusal.HostMemory h -> new Overflow(task, gpu, Resource.HOST_MEMORY_MIB, h.needed(), h.free(), null);
            case Refusal.GpuMemory g -> new Overflow(task, gpu, Resource.GPU_MEMORY_MIB, g.needed(), g.mostFree(), null);
            case Refusal.Clients c -> new Overflow(task, gpu, Resource.MPS_CLIENTS, c.limit() + 1L, c.limit(), null);
            case Refusal.IdleGpus i -> pool.kind() == Pool.Kind.FRACTIONAL
                    ? new Overflow(task, gpu, Resource.FRACTIONAL_GPU, i.needed(), i.idle(), null)
                    : new Overflow(task, gpu, Resource.IDLE_GPUS, i.needed(), i.idle(), null);
            case Refusal.NoPartition p -> new Overflow(task, gpu, Resource.MIG_INSTANCES, p.needed(), p.free(), p.profile());
            case Refusal.NoSlot s -> new Overflow(task, gpu, Resource.TIME_SLICING_REPLICAS, s.needed(), s.free(), null);
            case Refusal.Incompatible i -> new Overflow(task, gpu, Resource.GPU_FORM, 0, 0, i.why());
            case Refusal.Closed c -> new Overflow(task, gpu, Resource.GPU_FORM, 0, 0, "the instance takes no new work");
        };
    }

    private Pool pool(Instance inst) {
        Pool declared = pools.get(inst.owner());
        InstanceType type = catalog.instanceType(inst.instanceType()).orElse(null);
        if (declared != null && declared.type().name().equals(inst.instanceType())) {
            return kindOf(inst) == declared.kind() || declared.kind() == Pool.Kind.MPS && kindOf(inst) == Pool.Kind.EXCLUSIVE
                    ? declared : withKind(declared, kindOf(inst), inst);
        }
        if (type == null) {
            if (inst.gpus().isEmpty()) return null;
            // a declared type of a spec this check was not given: its GPUs as the state has them, no host limits
            type = new InstanceType(inst.instanceType(), inst.gpus().getFirst().model(), inst.gpus().size(),
                    Integer.MAX_VALUE / 1024, Long.MAX_VALUE / 2, inst.gpus().getFirst().fraction(), null, false);
        }
        GpuModel model = catalog.gpuModel(type.gpuModel()).orElse(null);
        long memory = model == null ? maxMemory(inst) : type.usableGpuMemoryMiB(model);
        Pool.Kind kind = kindOf(inst);
        if (kind == Pool.Kind.EXCLUSIVE && inst.owner() instanceof Owner.Endpoint) kind = Pool.Kind.WHOLE_ENDPOINT;
        else if (kind == Pool.Kind.EXCLUSIVE) kind = Pool.Kind.MPS; // whole GPUs and MPS copies share such a provider
        return new Pool(inst.owner(), kind, type, type.gpuModel(), memory, layout(inst), Integer.MAX_VALUE,
                kind == Pool.Kind.TIME_SLICING ? Integer.MAX_VALUE : 0, 0, Integer.MAX_VALUE);
    }

    private static Pool withKind(Pool p, Pool.Kind kind, Instance inst) {
        return new Pool(p.owner(), kind, p.type(), p.gpuModel(), p.gpuMemoryMiB(), kind == Pool.Kind.MIG ? layout(inst) : p.layout(),
                p.maxClients(),
                kind == Pool.Kind.TIME_SLICING && p.replicas() == 0 ? Integer.MAX_VALUE : p.replicas(),
                p.minInstances(), p.maxInstances());
    }

    /** The sharing the instance's GPUs are configured for. */
    private static Pool.Kind kindOf(Instance inst) {
        for (Gpu g : inst.gpus()) {
            switch (g.mode()) {
                case MIG -> { return Pool.Kind.MIG; }
                case TIME_SLICING -> { return Pool.Kind.TIME_SLICING; }
                case FRACTIONAL -> { return Pool.Kind.FRACTIONAL; }
                case MPS -> { return Pool.Kind.MPS; }
                case IDLE, DEDICATED -> { }
            }
        }
        return Pool.Kind.EXCLUSIVE;
    }

    /** The MIG layout with the most instances among the GPUs (what one GPU offers at most). */
    private static List<MigPartition> layout(Instance inst) {
        List<MigPartition> most = List.of();
        for (Gpu g : inst.gpus()) if (g.partitions().size() > most.size()) most = g.partitions();
        return most;
    }

    private static long maxMemory(Instance inst) {
        long m = 0;
        for (Gpu g : inst.gpus()) m = Math.max(m, g.memoryMiB());
        return m;
    }

    private static Need need(Allocation a, int allocations, Pool pool) {
        if (a.partition() != null) return new Need.Partition(a.partition().profile());
        if (a.memoryMiB() != null) return new Need.Mps(a.memoryMiB(), a.maxComputePercent());
        return switch (pool.kind()) {
            case FRACTIONAL -> new Need.Fraction(pool.fraction());
            case TIME_SLICING -> new Need.Slots(allocations);
            case MPS, EXCLUSIVE, WHOLE_ENDPOINT, MIG -> new Need.Whole(allocations, 0);
        };
    }

    private static CopyRequest copy(TaskId task, long[] host, List<CopyRequest.GpuContainer> containers) {
        Form form = Form.of(containers.getFirst().need());
        long mps = 0;
        for (CopyRequest.GpuContainer c : containers) {
            if (Form.of(c.need()) != form) form = Form.MIXED;
            if (c.need() instanceof Need.Mps m) mps += m.memoryMiB();
        }
        return new CopyRequest(task, null, host[0], host[1], List.copyOf(containers), form, mps);
    }

    private record Located(int gpu, Allocation allocation) {}

    /**
     * A copy on the instance: its task and the revision it runs. A copy whose new revision starts
     * next to its old one (a rollout's wave) is two users of the instance until the old one stops.
     */
    private record Copy(TaskId task, String revision) implements Comparable<Copy> {
        @Override
        public int compareTo(Copy o) {
            int c = task.compareTo(o.task);
            return c != 0 ? c : revision.compareTo(o.revision);
        }
    }

    /** Per copy (in task order, then revision), per container (in the order met), its allocations with their GPU. */
    private static Map<Copy, Map<String, List<Located>>> byTask(Instance inst) {
        Map<Copy, Map<String, List<Located>>> out = new TreeMap<>();
        for (Gpu g : inst.gpus()) {
            for (Allocation a : g.allocations()) {
                out.computeIfAbsent(new Copy(a.task(), a.revision() == null ? "" : a.revision().value()), t -> new LinkedHashMap<>())
                        .computeIfAbsent(a.container(), c -> new ArrayList<>()).add(new Located(g.index(), a));
            }
        }
        return out;
    }

    private static int gpuOf(Map<String, List<Located>> containers) {
        return containers.values().iterator().next().getFirst().gpu();
    }

    private static int partIndex(Node node, int gpu, Allocation.PartitionRef ref) {
        if (gpu < 0 || gpu >= node.gpus.length) return -1;
        List<MigPartition> parts = node.gpus[gpu].parts;
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).profile().equals(ref.profile()) && parts.get(i).start() == ref.start()) return i;
        }
        return -1;
    }
}
