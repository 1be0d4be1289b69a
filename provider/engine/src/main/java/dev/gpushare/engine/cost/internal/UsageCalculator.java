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
        int unpriced;
        BigDecimal cost = BigDecimal.ZERO;
        GpuMemory memory = GpuMemory.NONE;
        Long smallest;

        Pool(Instance first) {
            capacityProvider = first.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null;
            endpoint = first.owner() instanceof Owner.Endpoint e ? e.name() : null;
            instanceType = first.instanceType();
        }
    }

    public static FleetUsage usage(FleetState state, PriceList prices, CopySizes sizes) {
        Map<Owner, Pool> pools = new LinkedHashMap<>();
        boolean estimated = false;
        for (Instance i : state.instances()) {
            Pool p = pools.computeIfAbsent(i.owner(), k -> {
                Pool n = new Pool(i);
                n.smallest = sizes.of(i.owner()).orElse(null);
                return n;
            });
            p.instances++;
            Optional<BigDecimal> price = prices.perHour(i.instanceType());
            if (price.isPresent()) p.cost = p.cost.add(price.get());
            else p.unpriced++;
            estimated |= prices.estimated(i.instanceType());
            p.memory = p.memory.plus(instance(i, p.smallest));
            for (Gpu g : i.gpus()) {
                p.gpus++;
                if (g.allocations().isEmpty()) p.idleGpus++;
            }
        }
        List<PoolUsage> out = new ArrayList<>();
        BigDecimal cost = BigDecimal.ZERO;
        GpuMemory memory = GpuMemory.NONE;
        int unpriced = 0, gpus = 0, idle = 0;
        for (Pool p : pools.values()) {
            out.add(new PoolUsage(p.capacityProvider, p.endpoint, p.instanceType, p.instances, p.gpus, p.idleGpus,
                    p.cost, p.unpriced, p.memory, p.smallest));
            cost = cost.add(p.cost);
            memory = memory.plus(p.memory);
            unpriced += p.unpriced;
            gpus += p.gpus;
            idle += p.idleGpus;
        }
        return new FleetUsage(cost, unpriced, state.instances().size(), gpus, idle, memory, out, prices.describe(),
                prices.region(), prices.discountPercent(), estimated);
    }

    /** One instance's memory; its stranded part against the pool's smallest copy (null: none). */
    static GpuMemory instance(Instance i, Long smallest) {
        long usable = 0, allocated = 0, stranded = 0, idleGroup = 0;
        List<Long> fragments = new ArrayList<>();
        for (Gpu g : i.gpus()) {
            long gUsable = usable(g);
            long gAllocated = allocated(g);
            usable += gUsable;
            allocated += gAllocated;
            if (g.mode() == GpuMode.MIG) {
                for (MigPartition part : g.partitions()) if (!g.runsOn(part)) fragments.add(part.memoryMiB());
            } else if (g.allocations().isEmpty()) {
                idleGroup += gUsable;
            } else if (g.mode() == GpuMode.MPS && gUsable > gAllocated) {
                fragments.add(gUsable - gAllocated);
            }
        }
        if (idleGroup > 0) fragments.add(idleGroup);
        if (smallest != null) {
            for (long f : fragments) if (f < smallest) stranded += f;
        }
        return GpuMemory.of(usable, allocated, stranded);
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
