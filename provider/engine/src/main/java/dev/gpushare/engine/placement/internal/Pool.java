package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Owner;
import java.math.BigDecimal;
import java.util.List;

import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;

/**
 * A placement domain: one capacity provider or one endpoint, resolved against the catalog.
 *
 * @param owner        the capacity provider or endpoint (an endpoint has a fixed instance count)
 * @param kind         how its GPUs are shared
 * @param type         the instance type
 * @param gpuModel     GPU model name
 * @param gpuMemoryMiB usable memory of one GPU (the slice for a fractional type), MiB
 * @param layout       the realised MIG layout of every GPU (ordered by start), empty otherwise
 * @param maxClients   MPS clients per GPU, or {@code Integer.MAX_VALUE} when unlimited
 * @param replicas     time-slicing replicas per GPU (0 otherwise)
 * @param minInstances instances always present (endpoint: instanceCount)
 * @param maxInstances most instances (endpoint: instanceCount)
 */
record Pool(
        Owner owner, Kind kind, InstanceType type, String gpuModel, long gpuMemoryMiB,
        List<MigPartition> layout, int maxClients, int replicas, int minInstances, int maxInstances) {

    enum Kind { MPS, EXCLUSIVE, MIG, TIME_SLICING, FRACTIONAL, WHOLE_ENDPOINT }

    /** The owner's name: instance ids are {@code NAME-N}. */
    String name() {
        return owner.name();
    }

    boolean endpoint() {
        return owner instanceof Owner.Endpoint;
    }

    int gpuCount() {
        return type.gpuCount();
    }

    BigDecimal fraction() {
        return type.fraction();
    }

    /** The mode of a GPU nobody uses: configured pools keep their configuration. */
    GpuMode baseMode() {
        return switch (kind) {
            case MIG -> GpuMode.MIG;
            case TIME_SLICING -> GpuMode.TIME_SLICING;
            case FRACTIONAL -> GpuMode.FRACTIONAL;
            case MPS, EXCLUSIVE, WHOLE_ENDPOINT -> GpuMode.IDLE;
        };
    }

    /** The same pool with another instance limit (for "raise maxInstances from M to N"). */
    Pool withMaxInstances(int max) {
        return new Pool(owner, kind, type, gpuModel, gpuMemoryMiB, layout, maxClients, replicas,
                Math.min(minInstances, max), max);
    }

    String limitName() {
        return endpoint() ? "instanceCount of endpoint " + name() : "maxInstances of " + name();
    }
}
