package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Owner;
import java.util.List;
import java.util.Optional;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.mig.LayoutResult;
import dev.gpushare.engine.mig.MigLayouts;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.engine.resolve.ResolvedSpec;

/** Resolves capacity providers and endpoints against the catalog into {@link Pool}s. */
final class Pools {
    private Pools() {}

    /** A pool, or why none can be built (the spec was not valid). */
    sealed interface Resolution {
        record Ok(Pool pool) implements Resolution {}
        record Failed(PlacementCode code, String message) implements Resolution {}
    }

    static Resolution of(CapacityProvider cp, Catalog catalog) {
        Optional<InstanceType> type = catalog.instanceType(cp.instanceType());
        if (type.isEmpty()) return unknownType(cp.instanceType());
        Optional<GpuModel> model = catalog.gpuModel(type.get().gpuModel());
        if (model.isEmpty()) return unknownType(cp.instanceType());
        InstanceType t = type.get();
        if (t.fractional()) {
            return ok(new Owner.CapacityProvider(cp.name()), Pool.Kind.FRACTIONAL, t, model.get(), t.usableGpuMemoryMiB(model.get()), List.of(),
                    Integer.MAX_VALUE, 0, cp.minInstances(), cp.maxInstances());
        }
        long mem = t.usableGpuMemoryMiB(model.get());
        return switch (ResolvedSpec.sharing(cp)) {
            case GpuSharing.Mps m -> ok(new Owner.CapacityProvider(cp.name()), Pool.Kind.MPS, t, model.get(), mem, List.of(),
                    m.maxClientsPerGpu() == null ? Integer.MAX_VALUE : m.maxClientsPerGpu(), 0,
                    cp.minInstances(), cp.maxInstances());
            case GpuSharing.Exclusive e -> ok(new Owner.CapacityProvider(cp.name()), Pool.Kind.EXCLUSIVE, t, model.get(), mem, List.of(),
                    Integer.MAX_VALUE, 0, cp.minInstances(), cp.maxInstances());
            case GpuSharing.TimeSlicing ts -> ok(new Owner.CapacityProvider(cp.name()), Pool.Kind.TIME_SLICING, t, model.get(), mem,
                    List.of(), Integer.MAX_VALUE, ts.replicas(), cp.minInstances(), cp.maxInstances());
            case GpuSharing.Mig mig -> mig(new Owner.CapacityProvider(cp.name()), t, model.get(), mig.partitionLayout(),
                    cp.minInstances(), cp.maxInstances());
        };
    }

    static Resolution of(Endpoint e, Catalog catalog) {
        Optional<InstanceType> type = catalog.instanceType(e.instanceType());
        if (type.isEmpty()) return unknownType(e.instanceType());
        Optional<GpuModel> model = catalog.gpuModel(type.get().gpuModel());
        if (model.isEmpty()) return unknownType(e.instanceType());
        if (e.partitionLayout() == null) {
            return ok(new Owner.Endpoint(e.name()), Pool.Kind.WHOLE_ENDPOINT, type.get(), model.get(), model.get().usableMemoryMiB(),
                    List.of(), Integer.MAX_VALUE, 0, e.instanceCount(), e.instanceCount());
        }
        return mig(new Owner.Endpoint(e.name()), type.get(), model.get(), e.partitionLayout(), e.instanceCount(), e.instanceCount());
    }

    private static Resolution mig(Owner owner, InstanceType t, GpuModel model, List<String> layout,
                                  int min, int max) {
        if (model.mig() == null) {
            return new Resolution.Failed(PlacementCode.INVALID_MIG_LAYOUT,
                    model.name() + " GPUs of " + t.name() + " do not support MIG; use a MIG-capable instance type");
        }
        return switch (MigLayouts.realize(model.mig(), layout)) {
            case LayoutResult.Realized r -> ok(owner, Pool.Kind.MIG, t, model, model.usableMemoryMiB(),
                    r.partitions(), Integer.MAX_VALUE, 0, min, max);
            case LayoutResult.Rejected r -> new Resolution.Failed(PlacementCode.INVALID_MIG_LAYOUT,
                    r.code() + ": " + r.message());
        };
    }

    private static Resolution ok(Owner owner, Pool.Kind kind, InstanceType t, GpuModel model,
                                 long gpuMem, List<MigPartition> layout, int maxClients, int replicas, int min, int max) {
        return new Resolution.Ok(new Pool(owner, kind, t, model.name(), gpuMem, layout, maxClients, replicas,
                Math.max(0, min), Math.max(0, max)));
    }

    private static Resolution unknownType(String name) {
        return new Resolution.Failed(PlacementCode.UNKNOWN_REFERENCE,
                "instance type " + name + " is not in the catalog; run gpushare validate");
    }
}
