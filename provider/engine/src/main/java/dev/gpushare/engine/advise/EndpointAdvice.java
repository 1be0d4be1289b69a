package dev.gpushare.engine.advise;

import java.util.List;
import java.util.Map;

/**
 * The advised layout of one endpoint.
 *
 * @param endpoint        the endpoint name
 * @param instanceType    its instance type
 * @param gpuModel        the GPU model whose geometry was searched
 * @param partitionLayout the layout of every GPU, {@code mig-} names, largest profile first
 * @param instanceCount   instances needed to host every copy ({@code ⌈gpus / GPUs per instance⌉})
 * @param gpus            GPUs that host at least one copy
 * @param wastedMiB       Σ over copies of (partition memory − gpuMemoryMiB), MiB
 * @param partitionTypes  component name → its partition type ({@code mig-} name)
 * @param layoutsSearched geometrically valid layouts tried
 */
public record EndpointAdvice(
        String endpoint, String instanceType, String gpuModel, List<String> partitionLayout, int instanceCount,
        int gpus, long wastedMiB, Map<String, String> partitionTypes, int layoutsSearched) {
    public EndpointAdvice {
        partitionLayout = List.copyOf(partitionLayout);
        partitionTypes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(partitionTypes));
    }
}
