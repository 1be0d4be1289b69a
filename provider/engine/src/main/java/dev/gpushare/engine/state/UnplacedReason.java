package dev.gpushare.engine.state;

import java.util.List;
import java.util.Objects;

/**
 * Why a copy could not be placed, as the solver recorded it: the numbers it saw and the pool facts
 * the sentence names. {@link #message()} renders the sentence that {@code place}, {@code plan}, the
 * JSON and the pictures show (text only at the edges); {@link #code()} is its stable code. Memory in
 * MiB, host CPU in CPU units (1024 per vCPU).
 */
public sealed interface UnplacedReason {
    PlacementCode code();

    String message();

    /**
     * The capacity provider or endpoint the copy was offered to, as messages name it.
     *
     * @param gpuMemoryMiB usable memory of one GPU
     * @param limit        maxInstances (an endpoint: instanceCount)
     */
    record Capacity(Owner owner, String instanceType, String gpuModel, long gpuMemoryMiB, int gpuCount, int limit) {
        public Capacity {
            Objects.requireNonNull(owner, "owner");
        }

        String name() {
            return owner.name();
        }

        boolean endpoint() {
            return owner instanceof Owner.Endpoint;
        }

        String limitName() {
            return endpoint() ? "instanceCount of endpoint " + name() : "maxInstances of " + name();
        }

        String raise(int needed) {
            return "raise " + limitName() + " from " + limit + " to " + needed;
        }

        /** "; the 2 instances of NAME (maxInstances 2) are full". */
        String full(int instances) {
            return instances == 1 ? "; the 1 instance of " + name() + " (maxInstances " + limit + ") is full"
                    : "; the " + instances + " instances of " + name() + " (maxInstances " + limit + ") are full";
        }
    }

    /** What one copy asks for: its GPUs, host CPU units and host memory (0: not given). */
    record Demand(Gpus gpus, long cpuUnits, long memoryMiB) {
        /** The GPU part of a demand, by sharing form. */
        public sealed interface Gpus {
            record MpsMemory(long memoryMiB) implements Gpus {}
            record Whole(int count) implements Gpus {}
            /** A fractional instance of the type for the copy alone. */
            record OwnInstance(String instanceType) implements Gpus {}
            record Partitions(List<String> profiles) implements Gpus {}
            record Replicas() implements Gpus {}
            /** Containers of mixed forms, or none. */
            record Mixed() implements Gpus {}
        }

        /** "needs 4096 MiB of MPS memory on one GPU, 1024 CPU units". */
        String needs() {
            StringBuilder sb = new StringBuilder("needs ");
            switch (gpus) {
                case Gpus.MpsMemory m -> sb.append(m.memoryMiB()).append(" MiB of MPS memory on one GPU");
                case Gpus.Whole w -> sb.append(w.count()).append(w.count() == 1 ? " whole GPU" : " whole GPUs");
                case Gpus.OwnInstance o -> sb.append("a ").append(o.instanceType()).append(" instance of its own");
                case Gpus.Partitions p -> sb.append("MIG instance ").append(String.join(" + ", p.profiles()));
                case Gpus.Replicas r -> sb.append("time-slicing replicas");
                case Gpus.Mixed m -> sb.append("GPUs");
            }
            if (cpuUnits > 0) sb.append(", ").append(cpuUnits).append(" CPU units");
            if (memoryMiB > 0) sb.append(", ").append(memoryMiB).append(" MiB host memory");
            return sb.toString();
        }
    }

    // Even an empty instance of the pool refuses: the copy (or the instance type) must change.

    /** The task's CPU units exceed an instance's ({@code has}). */
    record HostCpu(Capacity at, long needed, long has) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.INSUFFICIENT_HOST_CPU; }

        @Override public String message() {
            return "needs " + needed + " CPU units but an instance of " + at.instanceType() + " has " + has
                    + "; lower the task's cpu to at most " + has + " or use a larger instance type";
        }
    }

    /** The task's host memory exceeds an instance's ({@code has}, MiB). */
    record HostMemory(Capacity at, long needed, long has) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.INSUFFICIENT_HOST_MEMORY; }

        @Override public String message() {
            return "needs " + needed + " MiB of host memory but an instance of " + at.instanceType() + " has " + has
                    + " MiB; lower it to at most " + has + " MiB or use a larger instance type";
        }
    }

    /** More GPU memory on one GPU than a GPU of the type has usable. */
    record GpuMemory(Capacity at, long needed) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.INSUFFICIENT_GPU_MEMORY; }

        @Override public String message() {
            return "needs " + needed + " MiB of GPU memory on one GPU but a " + at.gpuModel() + " GPU of "
                    + at.instanceType() + " has " + at.gpuMemoryMiB() + " MiB usable; lower it to at most "
                    + at.gpuMemoryMiB() + " MiB or use an instance type with larger GPUs";
        }
    }

    /** More GPUs on one instance than the type has. */
    record TooManyGpus(Capacity at, int needed) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.INSUFFICIENT_GPUS; }

        @Override public String message() {
            return "needs " + needed + " whole GPUs on one instance but " + at.instanceType() + " has " + at.gpuCount()
                    + "; ask for at most " + at.gpuCount() + " or use an instance type with more GPUs";
        }
    }

    /** More MIG instances of a profile than the layout offers on one instance ({@code offered}). */
    record LayoutLacks(Capacity at, String profile, int needed, int offered) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.NO_FREE_PARTITION; }

        @Override public String message() {
            return "needs " + needed + " x " + profile + " on one instance but the layout of " + at.name() + " offers "
                    + offered + " per instance; add " + profile + " to the partition layout or use fewer per task";
        }
    }

    /** Time-slicing replicas on more distinct GPUs than an instance can give. */
    record TooManyReplicas(Capacity at, int needed) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.NO_FREE_SLOT; }

        @Override public String message() {
            return "needs " + needed + " time-slicing replicas on distinct GPUs but " + at.instanceType() + " has "
                    + at.gpuCount() + " GPUs";
        }
    }

    /** More MPS containers in one copy than maxClientsPerGpu. */
    record TooManyClients(Capacity at, int clients, int limit) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.MAX_CLIENTS_REACHED; }

        @Override public String message() {
            return "needs " + clients + " MPS clients on one GPU but maxClientsPerGpu of " + at.name() + " is " + limit
                    + "; raise maxClientsPerGpu to at least " + clients;
        }
    }

    /** The requirement cannot run on this capacity at all (validation names the rule). */
    record Incompatible(Capacity at, String why, boolean noGpuContainer) implements UnplacedReason {
        @Override public PlacementCode code() {
            return noGpuContainer ? PlacementCode.NO_GPU_CONTAINER : PlacementCode.INCOMPATIBLE_REQUIREMENT;
        }

        @Override public String message() {
            return why + " (capacity " + at.name() + " on " + at.instanceType() + "); run gpushare validate for the rule to fix";
        }
    }

    // An empty instance would take it: the number of instances is the limit.

    /** Every instance the pool may have ({@code unhealthy} of them) is unhealthy and kept until replaced. */
    record NoHealthy(Capacity at, int unhealthy) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.NO_HEALTHY_INSTANCE; }

        @Override public String message() {
            boolean one = unhealthy == 1;
            return "no healthy instance of " + at.name() + " can take it: " + (one ? "its 1 instance is" : "all "
                    + unhealthy + " instances are") + " unhealthy, kept until replaced, and " + at.limitName() + " is "
                    + at.limit() + "; plan again once " + (one ? "it is" : "they are") + " replaced, or raise "
                    + at.limitName() + " to " + (at.limit() + 1);
        }
    }

    /**
     * Every MIG instance of the profile on the endpoint's instances is taken.
     *
     * @param perGpu  MIG instances of the profile in one GPU's layout
     * @param raiseTo the limit to suggest: instances the pool would need with no limit (at least one more)
     */
    record PartitionsTaken(Capacity at, Demand demand, String profile, int perGpu, int raiseTo) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.NO_FREE_PARTITION; }

        @Override public String message() {
            return demand.needs() + "; all " + perGpu * at.gpuCount() * at.limit() + " " + profile + " partitions of endpoint "
                    + at.name() + " (" + at.limit() + " x " + at.instanceType() + ", " + perGpu + " per GPU) are taken; "
                    + at.raise(raiseTo);
        }
    }

    /** Every GPU of the endpoint's instances hosts a copy. */
    record GpusTaken(Capacity at, Demand demand, int raiseTo) implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.NO_FREE_GPU; }

        @Override public String message() {
            return demand.needs() + "; all " + at.gpuCount() * at.limit() + " GPUs of endpoint " + at.name() + " ("
                    + at.limit() + " x " + at.instanceType() + ") are taken; " + at.raise(raiseTo);
        }
    }

    /**
     * The pool is at its limit and every GPU with {@code mpsMiB} free already has {@code maxClients}
     * MPS clients.
     */
    record ClientsFull(Capacity at, Demand demand, int instances, long mpsMiB, int maxClients, int raiseTo)
            implements UnplacedReason {
        @Override public PlacementCode code() { return PlacementCode.MAX_CLIENTS_REACHED; }

        @Override public String message() {
            return demand.needs() + at.full(instances) + ": every GPU with " + mpsMiB + " MiB free already has " + maxClients
                    + " MPS clients (maxClientsPerGpu " + maxClients + "); raise maxClientsPerGpu of " + at.name()
                    + ", or " + at.raise(raiseTo);
        }
    }

    /**
     * The pool is at its limit and its {@code instances} are full.
     *
     * @param mostFreeMiB the most free memory on one GPU open to MPS (MPS copies), or null
     */
    record InstancesFull(Capacity at, Demand demand, int instances, Long mostFreeMiB, int raiseTo, Refused refused)
            implements UnplacedReason {
        public InstancesFull {
            Objects.requireNonNull(refused, "refused");
        }

        /** Without a breakdown of the refusals (every open instance lacked GPU room). */
        public InstancesFull(Capacity at, Demand demand, int instances, Long mostFreeMiB, int raiseTo) {
            this(at, demand, instances, mostFreeMiB, raiseTo, Refused.NONE);
        }

        @Override public PlacementCode code() { return PlacementCode.MAX_INSTANCES_REACHED; }

        @Override public String message() {
            return demand.needs() + at.full(instances) + (mostFreeMiB == null ? "" : " (at most " + mostFreeMiB
                    + " MiB free on a GPU)") + refused.of(demand) + "; " + at.raise(raiseTo);
        }
    }

    /**
     * Why the open instances refused a copy, as Nomad's AllocMetric counts it: per reason how many
     * instances, with the most that one of them had free. Rendered only when the host or the GPU
     * (not only the GPUs) refused.
     *
     * @param hostCpu        instances short of host CPU; {@code mostCpuFree} the most CPU units one had
     * @param hostMemory     instances short of host memory; {@code mostMemoryFree} the most MiB one had
     * @param gpuMemory      instances without a GPU with the memory
     * @param gpus           instances without an idle GPU, a free MIG instance or a replica
     */
    record Refused(int hostCpu, long mostCpuFree, int hostMemory, long mostMemoryFree, int gpuMemory, int gpus) {
        public static final Refused NONE = new Refused(0, 0, 0, 0, 0, 0);

        /** E.g. {@code ; 2 lacked host CPU (needs 20480 units, most free 8192), 1 lacked GPU memory}; empty when only GPU memory refused. */
        String of(Demand demand) {
            if (hostCpu + hostMemory == 0) return ""; // the GPU side alone: the message says it already
            java.util.List<String> parts = new java.util.ArrayList<>();
            if (hostCpu > 0) parts.add(hostCpu + " lacked host CPU (needs " + demand.cpuUnits() + " units, most free " + mostCpuFree + ")");
            if (hostMemory > 0) parts.add(hostMemory + " lacked host memory (needs " + demand.memoryMiB() + " MiB, most free "
                    + mostMemoryFree + ")");
            if (gpuMemory > 0) parts.add(gpuMemory + " lacked GPU memory");
            if (gpus > 0) parts.add(gpus + " had no free GPU, MIG instance or replica");
            return "; of them " + String.join(", ", parts);
        }
    }

    /**
     * A reason known only as its sentence: read back from a stored state, or from a check outside the
     * solver's run (an unknown reference, a pool the catalog cannot build, the backend's free nodes).
     */
    record Text(PlacementCode code, String message) implements UnplacedReason {
        public Text {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }
    }
}
