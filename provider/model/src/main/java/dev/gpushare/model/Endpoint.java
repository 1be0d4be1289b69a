package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * An inference endpoint (a SageMaker production variant): a fixed number of instances whose GPUs
 * all carry the same MIG layout, or are whole when there is none.
 *
 * @param name            unique among endpoints
 * @param instanceType    a catalog name (SageMaker {@code ml.} names included) or a declared type
 * @param instanceCount   instances of the endpoint (≥ 1)
 * @param partitionLayout MIG profiles of one GPU in the user's order, or {@code null} for whole
 *                        GPUs; order matters for updates (a reordered layout is a new layout)
 */
public record Endpoint(String name, String instanceType, int instanceCount, List<String> partitionLayout) {
    public Endpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(instanceType, "instanceType");
        partitionLayout = partitionLayout == null ? null : List.copyOf(partitionLayout);
    }
}
