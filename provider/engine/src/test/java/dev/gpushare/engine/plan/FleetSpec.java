package dev.gpushare.engine.plan;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A spec as editable maps (one task definition per service, named after it), for change-set tests. */
final class FleetSpec {
    final Map<String, CapacityProvider> providers = new LinkedHashMap<>();
    final Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    final Map<String, Service> services = new LinkedHashMap<>();
    final Map<String, TaskDefinition> tasks = new LinkedHashMap<>();
    final Map<String, InferenceComponent> components = new LinkedHashMap<>();

    FleetSpec provider(String name, String type, int min, int max, GpuSharing sharing) {
        providers.put(name, new CapacityProvider(name, type, min, max, sharing));
        return this;
    }

    FleetSpec endpoint(String name, String type, int count, String... layout) {
        endpoints.put(name, new Endpoint(name, type, count, layout.length == 0 ? null : List.of(layout)));
        return this;
    }

    FleetSpec service(String name, String provider, int count, PlacementStrategy strategy, Integer cpu, GpuRequirement gpu) {
        tasks.put(name, new TaskDefinition(name, cpu, null, List.of(new Container("c", "img", gpu))));
        services.put(name, new Service(name, name, provider, count, strategy));
        return this;
    }

    FleetSpec mps(String name, String provider, int count, int mib) {
        return service(name, provider, count, PlacementStrategy.BINPACK, null, new GpuRequirement.NvidiaMps(mib, null));
    }

    FleetSpec component(String name, String endpoint, String partitionType, int copies) {
        components.put(name, new InferenceComponent(name, endpoint, "model-" + name, partitionType, copies, null, null));
        return this;
    }

    FleetSpec count(String service, int count) {
        Service s = services.get(service);
        services.put(service, new Service(s.name(), s.taskDefinition(), s.capacityProvider(), count, s.placementStrategy()));
        return this;
    }

    FleetSpec gpu(String service, GpuRequirement gpu) {
        TaskDefinition t = tasks.get(service);
        tasks.put(service, new TaskDefinition(t.family(), t.cpu(), t.memoryMiB(), List.of(new Container("c", "img", gpu))));
        return this;
    }

    FleetSpec cpu(String service, Integer cpu) {
        TaskDefinition t = tasks.get(service);
        tasks.put(service, new TaskDefinition(t.family(), cpu, t.memoryMiB(), t.containers()));
        return this;
    }

    FleetSpec remove(String service) {
        services.remove(service);
        tasks.remove(service);
        return this;
    }

    FleetSpec copies(String component, int copies) {
        InferenceComponent c = components.get(component);
        components.put(component, new InferenceComponent(c.name(), c.endpoint(), c.model(), c.partitionType(), copies,
                c.hostMemoryMiB(), c.gpuMemoryMiB()));
        return this;
    }

    FleetSpec maxInstances(String provider, int max) {
        CapacityProvider p = providers.get(provider);
        providers.put(provider, new CapacityProvider(p.name(), p.instanceType(), Math.min(p.minInstances(), max), max, p.gpuSharing()));
        return this;
    }

    FleetSpec copy() {
        FleetSpec f = new FleetSpec();
        f.providers.putAll(providers);
        f.endpoints.putAll(endpoints);
        f.services.putAll(services);
        f.tasks.putAll(tasks);
        f.components.putAll(components);
        return f;
    }

    Spec build() {
        return new Spec(Spec.API_VERSION, "change-set", new ArrayList<>(providers.values()), new ArrayList<>(tasks.values()),
                new ArrayList<>(services.values()), new ArrayList<>(endpoints.values()), new ArrayList<>(components.values()),
                List.of());
    }
}
