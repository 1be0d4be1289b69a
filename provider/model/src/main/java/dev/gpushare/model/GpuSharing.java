package dev.gpushare.model;

import java.util.List;

/** The sharing strategy of a capacity provider's GPUs: exactly one of its forms. */
public sealed interface GpuSharing
        permits GpuSharing.Mps, GpuSharing.Exclusive, GpuSharing.Mig, GpuSharing.TimeSlicing {

    /** The strategy keyword as written in the spec ({@code MPS}, {@code EXCLUSIVE}, ...). */
    String strategy();

    /**
     * NVIDIA MPS as ECS does it: each GPU is either dedicated to one whole-GPU container or shared
     * by {@code nvidiaMps} containers.
     *
     * @param maxClientsPerGpu at most this many MPS containers per GPU (1..48), or {@code null} for
     *                         no limit beyond memory
     */
    record Mps(Integer maxClientsPerGpu) implements GpuSharing {
        public String strategy() { return "MPS"; }
    }

    /** Whole GPUs only. */
    record Exclusive() implements GpuSharing {
        public String strategy() { return "EXCLUSIVE"; }
    }

    /**
     * One MIG layout applied to every GPU of the pool.
     *
     * @param partitionLayout profile names as written (with or without the {@code mig-} prefix);
     *                        order kept as the user wrote it
     */
    record Mig(List<String> partitionLayout) implements GpuSharing {
        public Mig {
            partitionLayout = List.copyOf(partitionLayout);
        }
        public String strategy() { return "MIG"; }
    }

    /**
     * Each GPU is offered as {@code replicas} unisolated slots.
     *
     * @param replicas slots per GPU (≥ 2)
     */
    record TimeSlicing(int replicas) implements GpuSharing {
        public String strategy() { return "TIME_SLICING"; }
    }
}
