package dev.gpushare.engine.cost;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The GPU memory of each pool's smallest copy, in MiB: what a free fragment must hold for some
 * copy of the pool to use it. A copy's size is the GPU memory it reserves: the sum of its MPS
 * reservations, its whole GPUs' usable memory, its fractional slice, or its MIG instances'
 * memory; an inference component copy takes one MIG instance of its type, or one whole GPU.
 * Copies that reserve no GPU memory (no GPU, time-sliced GPUs) do not count.
 */
public final class CopySizes {
    private final Map<String, Long> smallest;

    private CopySizes(Map<String, Long> smallest) {
        this.smallest = Map.copyOf(smallest);
    }

    /** No copy sizes known: nothing counts as stranded. */
    public static CopySizes none() {
        return new CopySizes(Map.of());
    }

    /** The smallest copy of a capacity provider's services, MiB. */
    public Optional<Long> capacityProvider(String name) {
        return Optional.ofNullable(smallest.get(cpKey(name)));
    }

    /** The smallest copy of the owner's services or inference components, MiB. */
    public Optional<Long> of(Owner owner) {
        return Optional.ofNullable(smallest.get(key(owner)));
    }

    private static String key(Owner owner) {
        return switch (owner) {
            case Owner.CapacityProvider cp -> cpKey(cp.name());
            case Owner.Endpoint e -> epKey(e.name());
        };
    }

    /** The smallest copy of an endpoint's inference components, MiB. */
    public Optional<Long> endpoint(String name) {
        return Optional.ofNullable(smallest.get(epKey(name)));
    }

    /**
     * From the spec: every service with at least one copy and every inference component, sized
     * against the pool's instance type. Parts the validator would reject (unknown names) are skipped.
     *
     * @param catalog the catalog with the spec's declared types
     */
    public static CopySizes of(Spec spec, Catalog catalog) {
        Map<String, Long> out = new HashMap<>();
        Map<String, CapacityProvider> providers = new HashMap<>();
        spec.capacityProviders().forEach(cp -> providers.put(cp.name(), cp));
        Map<String, TaskDefinition> tasks = new HashMap<>();
        spec.taskDefinitions().forEach(t -> tasks.put(t.family(), t));
        for (Service s : spec.services()) {
            CapacityProvider cp = providers.get(s.capacityProvider());
            TaskDefinition td = tasks.get(s.taskDefinition());
            if (cp == null || td == null || s.desiredCount() == 0) continue;
            if (cp.gpuSharing() instanceof GpuSharing.TimeSlicing) continue;
            Optional<InstanceType> type = catalog.instanceType(cp.instanceType());
            Optional<GpuModel> model = type.flatMap(t -> catalog.gpuModel(t.gpuModel()));
            if (type.isEmpty() || model.isEmpty()) continue;
            long size = 0;
            for (Container c : td.containers()) size += containerMiB(c.gpu(), type.get(), model.get(), catalog);
            keep(out, cpKey(cp.name()), size);
        }
        Map<String, Endpoint> endpoints = new HashMap<>();
        spec.endpoints().forEach(e -> endpoints.put(e.name(), e));
        for (InferenceComponent ic : spec.inferenceComponents()) {
            Endpoint e = endpoints.get(ic.endpoint());
            if (e == null || ic.copyCount() == 0) continue;
            Optional<InstanceType> type = catalog.instanceType(e.instanceType());
            Optional<GpuModel> model = type.flatMap(t -> catalog.gpuModel(t.gpuModel()));
            if (type.isEmpty() || model.isEmpty()) continue;
            long size = e.partitionLayout() == null || ic.partitionType() == null
                    ? catalog.usableGpuMemoryMiB(type.get())
                    : profileMiB(model.get(), ic.partitionType());
            keep(out, epKey(e.name()), size);
        }
        return new CopySizes(out);
    }

    /**
     * From a state alone (what {@code status} knows): each placed copy's reservations, read off its
     * allocations. Equal to {@link #of(Spec, Catalog)} for a fleet whose pools each have a copy placed.
     */
    public static CopySizes of(FleetState state) {
        Sums sums = new Sums();
        for (Instance i : state.instances()) sums.add(i);
        Map<String, Long> out = new HashMap<>();
        sums.numbered.forEach((pool, groups) -> groups.values().forEach(copies -> {
            for (long mib : copies) keep(out, pool, mib);
        }));
        sums.other.forEach((pool, copies) -> copies.values().forEach(mib -> keep(out, pool, mib)));
        return new CopySizes(out);
    }

    /**
     * Per pool, per group: each numbered copy's MiB by its number (no key built per allocation);
     * copies without a number by id. One call per instance, so that the JIT compiles it after its
     * first few hundred: a loop over every allocation in a method called once would run interpreted
     * until the compiler replaced it mid-loop.
     */
    private static final class Sums {
        final Map<String, Map<String, long[]>> numbered = new HashMap<>();
        final Map<String, Map<TaskId, Long>> other = new HashMap<>();

        void add(Instance i) {
            String pool = key(i.owner());
            Map<String, long[]> groups = numbered.computeIfAbsent(pool, k -> new HashMap<>());
            String lastGroup = null; // allocations come by task: most follow one of the same group
            long[] last = null;
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    long mib = switch (g.mode()) {
                        case MPS -> a.memoryMiB() == null ? 0 : a.memoryMiB();
                        case DEDICATED, FRACTIONAL -> g.memoryMiB();
                        case MIG -> partitionMiB(g, a);
                        case TIME_SLICING, IDLE -> 0;
                    };
                    TaskId t = a.task();
                    if (t.ordinal() < 0 || t.ordinal() >= MAX_NUMBERED) {
                        other.computeIfAbsent(pool, k -> new HashMap<>()).merge(t, mib, Long::sum);
                        continue;
                    }
                    long[] sums = t.group() == lastGroup ? last : groups.get(t.group());
                    if (sums == null || sums.length <= t.ordinal()) {
                        long[] grown = new long[Math.max(t.ordinal() + 1, sums == null ? 8 : 2 * sums.length)];
                        if (sums != null) System.arraycopy(sums, 0, grown, 0, sums.length);
                        sums = grown;
                        groups.put(t.group(), sums);
                    }
                    sums[t.ordinal()] += mib;
                    lastGroup = t.group();
                    last = sums;
                }
            }
        }
    }

    /** Copy numbers summed by position (higher ones, as a state edited by hand may hold, by id). */
    private static final int MAX_NUMBERED = 1 << 20;

    private static long containerMiB(GpuRequirement gpu, InstanceType type, GpuModel model, Catalog catalog) {
        if (gpu == null) return 0;
        return switch (gpu) {
            case GpuRequirement.NvidiaMps m -> m.memoryMiB();
            case GpuRequirement.Whole w -> w.count() * catalog.usableGpuMemoryMiB(type);
            case GpuRequirement.All a -> (long) type.gpuCount() * catalog.usableGpuMemoryMiB(type);
            case GpuRequirement.Fraction f -> catalog.usableGpuMemoryMiB(type);
            case GpuRequirement.Partition p -> profileMiB(model, p.profile());
        };
    }

    private static long profileMiB(GpuModel model, String profile) {
        if (model.mig() == null) return 0;
        String name = profile.startsWith("mig-") ? profile.substring(4) : profile;
        for (MigProfile p : model.mig().profiles()) if (p.name().equals(name)) return p.memoryMiB();
        return 0;
    }

    private static long partitionMiB(Gpu g, Allocation a) {
        if (a.partition() == null) return 0;
        for (MigPartition p : g.partitions()) if (p.start() == a.partition().start()) return p.memoryMiB();
        return 0;
    }

    /** Keeps the smaller size; a copy that reserves nothing is no copy for this measure. */
    private static void keep(Map<String, Long> out, String pool, long size) {
        if (size > 0) out.merge(pool, size, Math::min);
    }

    private static String cpKey(String name) {
        return "capacityProvider/" + name;
    }

    private static String epKey(String name) {
        return "endpoint/" + name;
    }
}
