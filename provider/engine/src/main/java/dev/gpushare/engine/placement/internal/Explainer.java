package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Unplaced;

/**
 * Turns the copies a run could not place into {@link Unplaced} values: a code, the numbers
 * (needed, free, limit) and the smallest change that would make them fit. Runs only on failures,
 * once per service or component (its copies share the answer).
 */
final class Explainer {
    private final PoolRun run;
    private final IntSupplier instancesNeeded;

    /** @param instancesNeeded instances the pool would need with no limit (computed on first use) */
    Explainer(PoolRun run, IntSupplier instancesNeeded) {
        this.run = run;
        this.instancesNeeded = instancesNeeded;
    }

    List<Unplaced> explain() {
        Map<String, Unplaced> byShape = new HashMap<>();
        List<Unplaced> out = new ArrayList<>();
        for (CopyRequest c : run.failed()) {
            Unplaced u = byShape.computeIfAbsent(c.shape(), k -> explain(c));
            out.add(new Unplaced(c.task(), u.code(), u.message()));
        }
        return out;
    }

    private Unplaced explain(CopyRequest copy) {
        Pool pool = run.pool();
        Refusal fresh = run.freshRefusal(copy);
        if (fresh != null) return never(copy, pool, fresh);
        // An empty instance would take it: the number of instances is the limit.
        boolean clients = false;
        long mostFree = 0;
        for (Node n : run.nodes()) {
            if (HostFit.check(copy, n) != null) continue;
            if (Fit.of(copy.form()).find(copy, n, pool) instanceof Refusal r) {
                if (r instanceof Refusal.Clients) clients = true;
                if (r instanceof Refusal.GpuMemory g) mostFree = Math.max(mostFree, g.mostFree());
            }
        }
        int limit = pool.maxInstances();
        int needed = Math.max(limit + 1, instancesNeeded.getAsInt());
        String raise = "raise " + pool.limitName() + " from " + limit + " to " + needed;
        String needs = "needs " + demand(copy, pool);
        if (pool.endpoint()) {
            if (copy.form() == Form.PARTITION) {
                String profile = ((Need.Partition) copy.containers().get(0).need()).profile();
                int perGpu = 0;
                for (var p : pool.layout()) if (p.profile().equals(profile)) perGpu++;
                return of(copy, PlacementCode.NO_FREE_PARTITION, needs + "; all " + perGpu * pool.gpuCount() * limit
                        + " " + profile + " partitions of endpoint " + pool.name() + " (" + limit + " x " + pool.type().name()
                        + ", " + perGpu + " per GPU) are taken; " + raise);
            }
            return of(copy, PlacementCode.NO_FREE_GPU, needs + "; all " + pool.gpuCount() * limit + " GPUs of endpoint "
                    + pool.name() + " (" + limit + " x " + pool.type().name() + ") are taken; " + raise);
        }
        String full = run.nodes().size() == 1 ? "; the 1 instance of " + pool.name() + " (maxInstances " + limit + ") is full"
                : "; the " + run.nodes().size() + " instances of " + pool.name() + " (maxInstances " + limit + ") are full";
        if (clients) {
            return of(copy, PlacementCode.MAX_CLIENTS_REACHED, needs + full + ": every GPU with " + copy.mpsMiB()
                    + " MiB free already has " + pool.maxClients() + " MPS clients (maxClientsPerGpu " + pool.maxClients()
                    + "); raise maxClientsPerGpu of " + pool.name() + ", or " + raise);
        }
        if (copy.form() == Form.MPS) full += " (at most " + mostFree + " MiB free on a GPU)";
        return of(copy, PlacementCode.MAX_INSTANCES_REACHED, needs + full + "; " + raise);
    }

    /** Even an empty instance refuses: the copy itself must change (or the instance type). */
    private static Unplaced never(CopyRequest copy, Pool pool, Refusal r) {
        String type = pool.type().name();
        String needs = "needs ";
        return switch (r) {
            case Refusal.HostCpu h -> of(copy, PlacementCode.INSUFFICIENT_HOST_CPU, needs + h.needed()
                    + " CPU units but an instance of " + type + " has " + h.free() + "; lower the task's cpu to at most "
                    + h.free() + " or use a larger instance type");
            case Refusal.HostMemory h -> of(copy, PlacementCode.INSUFFICIENT_HOST_MEMORY, needs + h.needed()
                    + " MiB of host memory but an instance of " + type + " has " + h.free()
                    + " MiB; lower it to at most " + h.free() + " MiB or use a larger instance type");
            case Refusal.GpuMemory g -> of(copy, PlacementCode.INSUFFICIENT_GPU_MEMORY, needs + g.needed()
                    + " MiB of GPU memory on one GPU but a " + pool.gpuModel() + " GPU of " + type + " has "
                    + pool.gpuMemoryMiB() + " MiB usable; lower it to at most " + pool.gpuMemoryMiB()
                    + " MiB or use an instance type with larger GPUs");
            case Refusal.IdleGpus i -> of(copy, PlacementCode.INSUFFICIENT_GPUS, needs + i.needed()
                    + " whole GPUs on one instance but " + type + " has " + pool.gpuCount()
                    + "; ask for at most " + pool.gpuCount() + " or use an instance type with more GPUs");
            case Refusal.NoPartition p -> of(copy, PlacementCode.NO_FREE_PARTITION, needs + p.needed() + " x "
                    + p.profile() + " on one instance but the layout of " + pool.name() + " offers " + p.free()
                    + " per instance; add " + p.profile() + " to the partition layout or use fewer per task");
            case Refusal.NoSlot s -> of(copy, PlacementCode.NO_FREE_SLOT, needs + s.needed()
                    + " time-slicing replicas on distinct GPUs but " + type + " has " + pool.gpuCount() + " GPUs");
            case Refusal.Clients c -> of(copy, PlacementCode.MAX_CLIENTS_REACHED, needs + copy.containers().size()
                    + " MPS clients on one GPU but maxClientsPerGpu of " + pool.name() + " is " + c.limit()
                    + "; raise maxClientsPerGpu to at least " + copy.containers().size());
            case Refusal.Incompatible i -> of(copy, copy.form() == Form.NONE ? PlacementCode.NO_GPU_CONTAINER
                    : PlacementCode.INCOMPATIBLE_REQUIREMENT, i.why() + " (capacity "
                    + pool.name() + " on " + type + "); run gpushare validate for the rule to fix");
            case Refusal.Closed c -> of(copy, PlacementCode.MAX_INSTANCES_REACHED, "no healthy instance of " + pool.name() + " can take it");
        };
    }

    private static String demand(CopyRequest copy, Pool pool) {
        StringBuilder sb = new StringBuilder();
        switch (copy.form()) {
            case MPS -> sb.append(copy.mpsMiB()).append(" MiB of MPS memory on one GPU");
            case WHOLE -> sb.append(WholeFit.total(copy)).append(WholeFit.total(copy) == 1 ? " whole GPU" : " whole GPUs");
            case FRACTION -> sb.append("a ").append(pool.type().name()).append(" instance of its own");
            case PARTITION -> {
                List<String> profiles = new ArrayList<>();
                for (CopyRequest.GpuContainer c : copy.containers()) profiles.add(((Need.Partition) c.need()).profile());
                sb.append("MIG instance ").append(String.join(" + ", profiles));
            }
            case SLOTS -> sb.append("time-slicing replicas");
            case MIXED, NONE -> sb.append("GPUs");
        }
        if (copy.cpuUnits() > 0) sb.append(", ").append(copy.cpuUnits()).append(" CPU units");
        if (copy.memoryMiB() > 0) sb.append(", ").append(copy.memoryMiB()).append(" MiB host memory");
        return sb.toString();
    }

    private static Unplaced of(CopyRequest copy, PlacementCode code, String message) {
        return new Unplaced(copy.task(), code, message);
    }
}
