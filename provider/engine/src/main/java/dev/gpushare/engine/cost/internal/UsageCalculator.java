package dev.gpushare.engine.cost.internal;

import dev.gpushare.engine.cost.CopySizes;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.GpuMemory;
import dev.gpushare.engine.cost.PoolUsage;
import dev.gpushare.engine.cost.PriceList;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Adds up a state's instances per pool: price, GPUs, memory, and the free fragments that are
 * smaller than the pool's smallest copy (stranded).
 *
 * <p>Fragments of one instance: the free memory of each MPS GPU that holds copies; each free MIG
 * instance; and the instance's GPUs without copies taken together (a copy of k whole GPUs needs k
 * of them on one instance, an MPS copy needs one). A GPU held whole, by a slice or by time slices
 * has no free fragment.
 */
public final class UsageCalculator {
    private UsageCalculator() {}

    private static final class Pool {
        final String capacityProvider;
        final String endpoint;
        final String instanceType;
        int instances;
        int gpus;
        int idleGpus;
        long usable, allocated, idle, stranded;
        /** Instances per instance type, in the order first seen: priced once per type. */
        final Map<String, int[]> byType = new LinkedHashMap<>(2);
        Long smallest;

        Pool(Instance first) {
            capacityProvider = first.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null;
            endpoint = first.owner() instanceof Owner.Endpoint e ? e.name() : null;
            instanceType = first.instanceType();
        }

        /**
         * Adds instance {@code i} (its figures from {@code figures} when there, else worked out and
         * put there). A method called once per instance, so that the JIT compiles it after its first
         * few hundred calls: the loop over the instances, in a method called once, would run
         * interpreted to the end (a command is over in well under a second).
         */
        void add(Instance i, Figures figures) {
            instances++;
            byType.computeIfAbsent(i.instanceType(), t -> new int[1])[0]++;
            long[] m = figures == null ? null : figures.byInstance.get(i);
            if (m == null) {
                m = instance(i, smallest, new long[3]);
                if (figures != null) figures.byInstance.put(i, m);
            }
            long free = Math.max(0, m[0] - m[1]); // as GpuMemory.of: per instance
            usable += m[0];
            allocated += m[1];
            idle += free;
            stranded += Math.min(m[2], free);
            for (Gpu g : i.gpus()) {
                gpus++;
                if (g.allocations().isEmpty()) idleGpus++;
            }
        }
    }

    public static FleetUsage usage(FleetState state, PriceList prices, CopySizes sizes) {
        return usage(state, prices, sizes, null);
    }

    /**
     * Each instance's memory figures as worked out, by the instance object, so that a state
     * sharing instances with one already added up reads only the others (the same prices and
     * sizes: the stranded part depends on the pool's smallest copy).
     */
    public static final class Figures {
        private final Map<Instance, long[]> byInstance;

        public Figures(int expected) {
            byInstance = new IdentityHashMap<>(expected);
        }
    }

    /** As {@link #usage(FleetState, PriceList, CopySizes)}, reading and adding to {@code figures} (null: none). */
    public static FleetUsage usage(FleetState state, PriceList prices, CopySizes sizes, Figures figures) {
        Map<Owner, Pool> pools = new LinkedHashMap<>();
        Owner lastOwner = null; // instances come by owner: most follow one of the same pool
        Pool p = null;
        for (Instance i : state.instances()) {
            if (i.owner() != lastOwner) {
                lastOwner = i.owner();
                p = pools.computeIfAbsent(lastOwner, k -> {
                    Pool n = new Pool(i);
                    n.smallest = sizes.of(i.owner()).orElse(null);
                    return n;
                });
            }
            p.add(i, figures);
        }
        List<PoolUsage> out = new ArrayList<>();
        BigDecimal cost = BigDecimal.ZERO;
        GpuMemory memory = GpuMemory.NONE;
        int unpriced = 0, gpus = 0, idle = 0;
        boolean estimated = false;
        for (Pool q : pools.values()) {
            // n instances of one price cost n × that price: exact, as n additions would be
            BigDecimal poolCost = BigDecimal.ZERO;
            int poolUnpriced = 0;
            for (Map.Entry<String, int[]> t : q.byType.entrySet()) {
                Optional<BigDecimal> price = prices.perHour(t.getKey());
                if (price.isPresent()) poolCost = poolCost.add(price.get().multiply(BigDecimal.valueOf(t.getValue()[0])));
                else poolUnpriced += t.getValue()[0];
                estimated |= prices.estimated(t.getKey());
            }
            GpuMemory poolMemory = new GpuMemory(q.usable, q.allocated, q.idle, q.stranded);
            out.add(new PoolUsage(q.capacityProvider, q.endpoint, q.instanceType, q.instances, q.gpus, q.idleGpus,
                    poolCost, poolUnpriced, poolMemory, q.smallest));
            cost = cost.add(poolCost);
            memory = memory.plus(poolMemory);
            unpriced += poolUnpriced;
            gpus += q.gpus;
            idle += q.idleGpus;
        }
        return new FleetUsage(cost, unpriced, state.instances().size(), gpus, idle, memory, out, prices.describe(),
                prices.region(), prices.discountPercent(), estimated);
    }

    /** One instance's memory; its stranded part against the pool's smallest copy (null: none). */
    static GpuMemory instance(Instance i, Long smallest) {
        long[] m = instance(i, smallest, new long[3]);
        return GpuMemory.of(m[0], m[1], m[2]);
    }

    /** {@link #instance(Instance, Long)}'s usable, allocated and stranded MiB, into {@code out}. */
    private static long[] instance(Instance i, Long smallest, long[] out) {
        long usable = 0, allocated = 0, stranded = 0, idleGroup = 0;
        long small = smallest == null ? Long.MIN_VALUE : smallest; // no fragment is smaller than MIN_VALUE
        for (Gpu g : i.gpus()) {
            long gUsable = usable(g);
            long gAllocated = allocated(g);
            usable += gUsable;
            allocated += gAllocated;
            if (g.mode() == GpuMode.MIG) {
                for (MigPartition part : g.partitions()) if (!g.runsOn(part) && part.memoryMiB() < small) stranded += part.memoryMiB();
            } else if (g.allocations().isEmpty()) {
                idleGroup += gUsable;
            } else if (g.mode() == GpuMode.MPS && gUsable > gAllocated && gUsable - gAllocated < small) {
                stranded += gUsable - gAllocated;
            }
        }
        if (idleGroup > 0 && idleGroup < small) stranded += idleGroup;
        out[0] = usable;
        out[1] = allocated;
        out[2] = stranded;
        return out;
    }

    /** What copies can be given: the MIG instances' memory on a MIG GPU, else the GPU's usable memory. */
    static long usable(Gpu g) {
        if (g.mode() != GpuMode.MIG) return g.memoryMiB();
        long sum = 0;
        for (MigPartition p : g.partitions()) sum += p.memoryMiB();
        return sum;
    }

    /** Reserved for copies (a time-sliced GPU in use counts whole: its memory is shared, not split). */
    static long allocated(Gpu g) {
        return switch (g.mode()) {
            case IDLE -> 0;
            case DEDICATED, FRACTIONAL, TIME_SLICING -> g.allocations().isEmpty() ? 0 : g.memoryMiB();
            case MPS -> g.mpsReservedMiB();
            case MIG -> g.partitionsUsedMiB();
        };
    }
}
