package dev.gpushare.engine.placement;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;

/** Builds specs in code for the placement tests: one pool at a time, services with their own task definitions. */
final class Fixtures {
    private final List<CapacityProvider> providers = new ArrayList<>();
    private final List<TaskDefinition> tasks = new ArrayList<>();
    private final List<Service> services = new ArrayList<>();
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final List<InferenceComponent> components = new ArrayList<>();

    static Fixtures spec() {
        return new Fixtures();
    }

    Fixtures provider(String name, String type, int min, int max, GpuSharing sharing) {
        providers.add(new CapacityProvider(name, type, min, max, sharing));
        return this;
    }

    Fixtures mps(String name, String type, int max) {
        return provider(name, type, 0, max, new GpuSharing.Mps(null));
    }

    /** A service whose task has one container per requirement given. */
    Fixtures service(String name, String provider, int count, PlacementStrategy strategy, Integer cpu, Integer memory,
                     GpuRequirement... gpus) {
        List<Container> cs = new ArrayList<>();
        for (int i = 0; i < gpus.length; i++) cs.add(new Container("c" + i, "img", gpus[i]));
        tasks.add(new TaskDefinition(name, cpu, memory, cs));
        services.add(new Service(name, name, provider, count, strategy));
        return this;
    }

    Fixtures service(String name, String provider, int count, GpuRequirement... gpus) {
        return service(name, provider, count, PlacementStrategy.BINPACK, null, null, gpus);
    }

    Fixtures endpoint(String name, String type, int count, String... layout) {
        endpoints.add(new Endpoint(name, type, count, layout.length == 0 ? null : Arrays.asList(layout)));
        return this;
    }

    Fixtures component(String name, String endpoint, String partitionType, int copies) {
        components.add(new InferenceComponent(name, endpoint, name + "-model", partitionType, copies, null, null));
        return this;
    }

    Spec build() {
        return new Spec(Spec.API_VERSION, "test", providers, tasks, services, endpoints, components, List.of());
    }

    static GpuRequirement mpsMiB(int mib) {
        return new GpuRequirement.NvidiaMps(mib, null);
    }

    static GpuRequirement mpsMiB(int mib, int pct) {
        return new GpuRequirement.NvidiaMps(mib, pct);
    }

    static GpuRequirement whole(int n) {
        return new GpuRequirement.Whole(n);
    }

    static GpuRequirement all() {
        return new GpuRequirement.All();
    }

    static GpuRequirement fraction(String v) {
        return new GpuRequirement.Fraction(new BigDecimal(v));
    }

    static GpuRequirement partition(String p) {
        return new GpuRequirement.Partition(p);
    }
}
