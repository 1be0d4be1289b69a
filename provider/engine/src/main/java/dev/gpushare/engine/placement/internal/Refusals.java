package dev.gpushare.engine.placement.internal;

/**
 * What a run saw for a copy nothing took, as Nomad's {@code AllocMetric}: the open instances it
 * evaluated, per refusal kind how many refused and their numbers, and the refusal of an empty
 * instance. The explanation ({@link Explainer}) is built from this record alone.
 *
 * <p>Recorded by the run for its failed copies only, once per shape (copies of one service are
 * alike), as the run ended ({@link PoolRun#refusals}): the first-fit indexes of {@link PoolRun} skip instances without evaluating them,
 * so recording during the search would cost every copy that fits; and a copy that failed early saw
 * more room than the copies placed after it left, so its numbers would not be those of the state the
 * plan shows (placing again on that state would then give another message). Host refusals are
 * counted before the GPU form's (an instance refused by the host is not asked about GPUs), as
 * {@link PoolRun#tryNode} tries them. Memory in MiB, CPU in CPU units.
 */
final class Refusals {
    /** Why an empty instance of the pool refuses the copy, or null when one would take it. */
    final Refusal fresh;
    /** Open instances (at the pool's limit unless {@link #fresh} refuses). */
    int evaluated;
    /** Unhealthy instances, kept until replaced, that take nothing new. */
    int closed;
    int hostCpu;
    /** The most CPU units free on an instance refused for CPU. */
    long mostCpuFree;
    int hostMemory;
    /** The most host memory free on an instance refused for memory. */
    long mostMemoryFree;
    /** Instances without a GPU whose free memory covers the copy. */
    int gpuMemory;
    /** The most free memory on one GPU open to MPS among those instances (0 when none). */
    long mostFreeMiB;
    /** Instances where every GPU with the memory has maxClientsPerGpu MPS clients. */
    int clients;
    int clientsLimit;
    /** Instances without enough idle GPUs, free MIG instances of the profile or replicas. */
    int gpus;
    /** Refusals for a requirement the pool cannot run at all. */
    int incompatible;

    private Refusals(Refusal fresh) {
        this.fresh = fresh;
    }

    /** Evaluates every open instance of the run for the copy, as the run stands now. */
    static Refusals of(CopyRequest copy, PoolRun run) {
        Refusals r = new Refusals(run.freshRefusal(copy));
        Fit fit = Fit.of(copy.form());
        for (Node n : run.nodes()) {
            r.evaluated++;
            Refusal host = HostFit.check(copy, n);
            if (host != null) {
                r.see(host);
            } else if (fit.find(copy, n, run.pool()) instanceof Refusal gpu) {
                r.see(gpu);
            }
        }
        return r;
    }

    private void see(Refusal refusal) {
        switch (refusal) {
            case Refusal.Closed c -> closed++;
            case Refusal.HostCpu h -> {
                hostCpu++;
                mostCpuFree = Math.max(mostCpuFree, h.free());
            }
            case Refusal.HostMemory h -> {
                hostMemory++;
                mostMemoryFree = Math.max(mostMemoryFree, h.free());
            }
            case Refusal.GpuMemory g -> {
                gpuMemory++;
                mostFreeMiB = Math.max(mostFreeMiB, g.mostFree());
            }
            case Refusal.Clients c -> {
                clients++;
                clientsLimit = c.limit();
            }
            case Refusal.IdleGpus i -> gpus++;
            case Refusal.NoPartition p -> gpus++;
            case Refusal.NoSlot s -> gpus++;
            case Refusal.Incompatible i -> incompatible++;
        }
    }
}
