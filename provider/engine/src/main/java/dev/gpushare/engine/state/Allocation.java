package dev.gpushare.engine.state;

import java.util.Map;
import java.util.Objects;

/**
 * One container of one task copy, on one GPU (a container with several whole GPUs has one
 * allocation per GPU).
 *
 * @param task              the copy
 * @param container         container name (the model name for an inference component)
 * @param memoryMiB         GPU memory reserved in MiB (MPS), or {@code null}
 * @param maxComputePercent MPS compute limit in percent, or {@code null}
 * @param partition         the MIG instance used, or {@code null}
 * @param env               environment the container must be started with; ordered by key
 *                          ({@link ContainerEnv#of} derives it from the fields above and the GPUs)
 * @param revision          what the copy runs (its task definition or model), or {@code null} for a
 *                          copy stored before revisions were recorded ({@link Revision#UNKNOWN})
 */
public record Allocation(
        TaskId task, String container, Long memoryMiB, Integer maxComputePercent,
        PartitionRef partition, Map<String, String> env, Revision revision) {
    public Allocation {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(container, "container");
        // Whether env is what the typed fields derive is decided here, once (a state read back from a
        // store, or the solver's own); an edited one is kept as it is, and never matches a copy.
        ContainerEnv.Derived derived = ContainerEnv.derived(env, memoryMiB, maxComputePercent, partition);
        env = derived != null ? derived : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(env));
    }

    /** An allocation of a copy whose revision is not known (read from a store that did not record one). */
    public Allocation(TaskId task, String container, Long memoryMiB, Integer maxComputePercent, PartitionRef partition,
                      Map<String, String> env) {
        this(task, container, memoryMiB, maxComputePercent, partition, env, null);
    }

    /** The same allocation running {@code r}. */
    public Allocation withRevision(Revision r) {
        return java.util.Objects.equals(r, revision) ? this : new Allocation(task, container, memoryMiB, maxComputePercent, partition, env, r);
    }

    /**
     * The instance GPU indexes the container sees (NVIDIA_VISIBLE_DEVICES, or the MIG parent GPU),
     * or null when {@link #env} is not exactly what {@link ContainerEnv} derives from this
     * allocation's fields and those GPUs (edited by hand): such an allocation matches no copy.
     */
    public java.util.List<Integer> gpus() {
        return env instanceof ContainerEnv.Derived d ? d.gpus() : null;
    }

    /** A reference to a MIG instance of the same GPU. */
    public record PartitionRef(String profile, int start) {}
}
