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
 */
public record Allocation(
        TaskId task, String container, Long memoryMiB, Integer maxComputePercent,
        PartitionRef partition, Map<String, String> env) {
    public Allocation {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(container, "container");
        env = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(env));
    }

    /** A reference to a MIG instance of the same GPU. */
    public record PartitionRef(String profile, int start) {}
}
