package dev.gpushare.kubernetes.internal;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** What the objects need from the spec, by name: a copy's containers, a pool's sharing. */
public final class SpecIndex {
    /** What runs as one copy of a service or inference component. */
    public sealed interface Workload {
        /** The service's task definition. */
        record OfService(Service service, TaskDefinition task) implements Workload {}

        /** The inference component (its model is served by the backend's component image). */
        record OfComponent(InferenceComponent component) implements Workload {}
    }

    private final Spec spec;
    private final Map<String, Workload> byGroup = new HashMap<>();
    private final Map<String, CapacityProvider> providers = new HashMap<>();

    public SpecIndex(Spec spec) {
        this.spec = spec;
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.putIfAbsent(td.family(), td);
        for (Service s : spec.services()) {
            TaskDefinition td = tds.get(s.taskDefinition());
            if (td != null) byGroup.putIfAbsent(s.name(), new Workload.OfService(s, td));
        }
        for (InferenceComponent ic : spec.inferenceComponents()) byGroup.putIfAbsent(ic.name(), new Workload.OfComponent(ic));
        for (CapacityProvider cp : spec.capacityProviders()) providers.putIfAbsent(cp.name(), cp);
    }

    public Spec spec() {
        return spec;
    }

    /** The service or component whose copies are named {@code group/N}. */
    public Optional<Workload> workload(String group) {
        return Optional.ofNullable(byGroup.get(group));
    }

    /** The sharing of a capacity provider ({@code null} for an endpoint, or when the spec lacks it). */
    public GpuSharing sharing(String capacityProvider) {
        CapacityProvider cp = capacityProvider == null ? null : providers.get(capacityProvider);
        if (cp == null) return null;
        return cp.gpuSharing() == null ? new GpuSharing.Mps(null) : cp.gpuSharing();
    }
}
