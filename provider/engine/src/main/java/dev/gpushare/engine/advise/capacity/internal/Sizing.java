package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.engine.advise.capacity.CapacityAdvice;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sizes the workloads of a valid spec against the instance types they are on now. An MPS container
 * of N MiB and P % is N MiB reserved with a limit of P %; a fractional GPU is its slice's memory
 * (and its fraction as compute); a MIG partition its profile's memory (and its share of compute
 * slices); one whole GPU its usable memory; more whole GPUs stay whole GPUs of at least that memory.
 * An inference component copy is its {@code gpuMemoryMiB} when given, else its partition's memory,
 * else a whole GPU of its endpoint.
 */
final class Sizing {
    private Sizing() {}

    record Result(List<Workload> workloads, List<CapacityAdvice.Skipped> skipped) {}

    static Result of(Spec spec, Catalog catalog) {
        List<Workload> out = new ArrayList<>();
        List<CapacityAdvice.Skipped> skipped = new ArrayList<>();
        for (Service s : spec.services()) {
            TaskDefinition td = spec.taskDefinitions().stream().filter(t -> t.family().equals(s.taskDefinition())).findFirst().orElseThrow();
            CapacityProvider cp = spec.capacityProviders().stream().filter(c -> c.name().equals(s.capacityProvider())).findFirst().orElseThrow();
            InstanceType type = catalog.instanceType(cp.instanceType()).orElseThrow();
            GpuModel model = catalog.gpuModel(type.gpuModel()).orElseThrow();
            if (s.desiredCount() == 0) {
                skipped.add(new CapacityAdvice.Skipped(s.name(), "no copies (desiredCount 0)"));
                continue;
            }
            List<ContainerNeed> needs = new ArrayList<>();
            for (Container c : td.containers()) {
                if (c.gpu() != null) needs.add(need(c.name(), c.gpu(), type, model, catalog));
            }
            if (needs.isEmpty()) {
                skipped.add(new CapacityAdvice.Skipped(s.name(), "its task asks for no GPU"));
                continue;
            }
            out.add(new Workload(s.name(), s.desiredCount(), needs, s, td, null));
        }
        for (InferenceComponent ic : spec.inferenceComponents()) {
            Endpoint e = spec.endpoints().stream().filter(x -> x.name().equals(ic.endpoint())).findFirst().orElseThrow();
            InstanceType type = catalog.instanceType(e.instanceType()).orElseThrow();
            GpuModel model = catalog.gpuModel(type.gpuModel()).orElseThrow();
            long mib;
            Integer compute;
            if (ic.gpuMemoryMiB() != null) {
                mib = ic.gpuMemoryMiB();
                compute = null;
            } else if (ic.partitionType() != null && profile(model, ic.partitionType()).isPresent()) {
                MigProfile p = profile(model, ic.partitionType()).get();
                mib = p.memoryMiB();
                compute = percent(p.computeSlices(), model.mig().computeSlices());
            } else {
                mib = catalog.usableGpuMemoryMiB(type);
                compute = 100;
            }
            out.add(new Workload(ic.name(), ic.copyCount(), List.of(new ContainerNeed(ic.model(), mib, compute, 0)), null, null, ic));
        }
        return new Result(out, skipped);
    }

    private static ContainerNeed need(String name, GpuRequirement gpu, InstanceType type, GpuModel model, Catalog catalog) {
        long usable = catalog.usableGpuMemoryMiB(type);
        return switch (gpu) {
            case GpuRequirement.NvidiaMps m -> new ContainerNeed(name, m.memoryMiB(), m.maxComputePercent(), 0);
            case GpuRequirement.Whole w -> new ContainerNeed(name, usable, null, w.count() > 1 ? w.count() : 0);
            case GpuRequirement.All a -> new ContainerNeed(name, usable, null, type.gpuCount() > 1 ? type.gpuCount() : 0);
            case GpuRequirement.Fraction f -> new ContainerNeed(name, usable, f.value().multiply(BigDecimal.valueOf(100)).intValue(), 0);
            case GpuRequirement.Partition p -> {
                MigProfile prof = profile(model, p.profile()).orElseThrow();
                yield new ContainerNeed(name, prof.memoryMiB(), percent(prof.computeSlices(), model.mig().computeSlices()), 0);
            }
        };
    }

    static Optional<MigProfile> profile(GpuModel model, String name) {
        if (model.mig() == null) return Optional.empty();
        String bare = name.startsWith("mig-") ? name.substring(4) : name;
        return model.mig().profiles().stream().filter(p -> p.name().equals(bare)).findFirst();
    }

    private static int percent(int slices, int of) {
        return (int) Math.round(100.0 * slices / of);
    }
}
