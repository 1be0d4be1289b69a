package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.engine.state.UnplacedReason;
import dev.gpushare.engine.state.UnplacedReason.Capacity;
import dev.gpushare.engine.state.UnplacedReason.Demand;

/**
 * Turns the copies a run could not place into {@link Unplaced} values, from what the run recorded
 * when each failed ({@link Refusals}): no feasibility is checked again here. Copies of one shape
 * share one reason (and one record).
 */
final class Explainer {
    private final PoolRun run;
    private final IntSupplier instancesNeeded;

    /**
     * @param instancesNeeded instances the pool would need with no limit; a what-if placement the
     *                        run cannot know (see Engine.placePool), asked only for a limit message
     */
    Explainer(PoolRun run, IntSupplier instancesNeeded) {
        this.run = run;
        this.instancesNeeded = instancesNeeded;
    }

    List<Unplaced> explain() {
        Map<Refusals, UnplacedReason> byRecord = new IdentityHashMap<>();
        List<Unplaced> out = new ArrayList<>();
        for (CopyRequest c : run.failed()) {
            Refusals seen = run.refusals(c);
            out.add(new Unplaced(c.task(), byRecord.computeIfAbsent(seen, k -> reason(c, seen))));
        }
        return out;
    }

    private UnplacedReason reason(CopyRequest copy, Refusals seen) {
        Pool pool = run.pool();
        Capacity at = new Capacity(pool.owner(), pool.type().name(), pool.gpuModel(), pool.gpuMemoryMiB(),
                pool.gpuCount(), pool.maxInstances());
        if (seen.fresh != null) return never(copy, at, seen.fresh);
        // An empty instance would take it: the number of instances is the limit.
        if (seen.closed > 0 && seen.closed == seen.evaluated) return new UnplacedReason.NoHealthy(at, seen.closed);
        int raiseTo = Math.max(pool.maxInstances() + 1, instancesNeeded.getAsInt());
        Demand demand = demand(copy, pool);
        if (pool.endpoint()) {
            if (copy.form() == Form.PARTITION) {
                String profile = ((Need.Partition) copy.containers().get(0).need()).profile();
                int perGpu = 0;
                for (var p : pool.layout()) if (p.profile().equals(profile)) perGpu++;
                return new UnplacedReason.PartitionsTaken(at, demand, profile, perGpu, raiseTo);
            }
            return new UnplacedReason.GpusTaken(at, demand, raiseTo);
        }
        if (seen.clients > 0) {
            return new UnplacedReason.ClientsFull(at, demand, seen.evaluated, copy.mpsMiB(), pool.maxClients(), raiseTo);
        }
        // the most free GPU memory is a number only when some instance was asked about it (not refused by the host first)
        return new UnplacedReason.InstancesFull(at, demand, seen.evaluated,
                copy.form() == Form.MPS && (seen.gpuMemory > 0 || seen.hostCpu + seen.hostMemory == 0) ? seen.mostFreeMiB : null,
                raiseTo, seen.hostCpu + seen.hostMemory == 0 ? UnplacedReason.Refused.NONE
                        : new UnplacedReason.Refused(seen.hostCpu, seen.mostCpuFree, seen.hostMemory, seen.mostMemoryFree,
                        seen.gpuMemory, seen.gpus));
    }

    /** Even an empty instance refuses: the copy itself must change (or the instance type). */
    private static UnplacedReason never(CopyRequest copy, Capacity at, Refusal r) {
        return switch (r) {
            case Refusal.HostCpu h -> new UnplacedReason.HostCpu(at, h.needed(), h.free());
            case Refusal.HostMemory h -> new UnplacedReason.HostMemory(at, h.needed(), h.free());
            case Refusal.GpuMemory g -> new UnplacedReason.GpuMemory(at, g.needed());
            case Refusal.IdleGpus i -> new UnplacedReason.TooManyGpus(at, i.needed());
            case Refusal.NoPartition p -> new UnplacedReason.LayoutLacks(at, p.profile(), p.needed(), p.free());
            case Refusal.NoSlot s -> new UnplacedReason.TooManyReplicas(at, s.needed());
            case Refusal.Clients c -> new UnplacedReason.TooManyClients(at, copy.containers().size(), c.limit());
            case Refusal.Incompatible i -> new UnplacedReason.Incompatible(at, i.why(), copy.form() == Form.NONE);
            case Refusal.Closed c -> new UnplacedReason.NoHealthy(at, 1);
        };
    }

    private static Demand demand(CopyRequest copy, Pool pool) {
        Demand.Gpus gpus = switch (copy.form()) {
            case MPS -> new Demand.Gpus.MpsMemory(copy.mpsMiB());
            case WHOLE -> new Demand.Gpus.Whole(WholeFit.total(copy));
            case FRACTION -> new Demand.Gpus.OwnInstance(pool.type().name());
            case PARTITION -> {
                List<String> profiles = new ArrayList<>();
                for (CopyRequest.GpuContainer c : copy.containers()) profiles.add(((Need.Partition) c.need()).profile());
                yield new Demand.Gpus.Partitions(List.copyOf(profiles));
            }
            case SLOTS -> new Demand.Gpus.Replicas();
            case MIXED, NONE -> new Demand.Gpus.Mixed();
        };
        return new Demand(gpus, copy.cpuUnits(), copy.memoryMiB());
    }
}
