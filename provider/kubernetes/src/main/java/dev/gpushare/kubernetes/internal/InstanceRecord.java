package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.state.Gpu;
import java.util.List;

/**
 * What gpushare keeps on a claimed node (annotation {@link Keys#INSTANCE_STATE}): the instance as it
 * configured it. The node's labels say which instance and cluster; its conditions say whether it
 * is healthy; the pods on it say what runs there.
 *
 * @param id               the instance's id (the node's label holds it too, shortened when long)
 * @param capacityProvider the owning capacity provider, or {@code null}
 * @param endpoint         the owning endpoint, or {@code null}
 * @param gpus             the GPUs' configuration (mode, fraction, MIG instances), without allocations
 * @param declaredLayout   the endpoint's partitionLayout as written, or {@code null}
 */
public record InstanceRecord(String id, String capacityProvider, String endpoint, List<Gpu> gpus, List<String> declaredLayout) {
    public InstanceRecord {
        gpus = List.copyOf(gpus);
        declaredLayout = declaredLayout == null ? null : List.copyOf(declaredLayout);
    }
}
