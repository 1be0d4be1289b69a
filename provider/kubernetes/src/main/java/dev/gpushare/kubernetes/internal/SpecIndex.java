package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.state.Revision;
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
    private final Map<String, Workload> byGroup;
    /** The workloads of the spec applied before this one: what a copy rolled back to its revision runs. */
    private final Map<String, Workload> previousByGroup;
    private final Map<String, CapacityProvider> providers = new HashMap<>();

    public SpecIndex(Spec spec) {
        this(spec, null);
    }

    /** @param previous the spec the cluster converged to before {@code spec} (null: none kept) */
    public SpecIndex(Spec spec, Spec previous) {
        this.spec = spec;
        this.byGroup = workloads(spec);
        this.previousByGroup = previous == null ? Map.of() : workloads(previous);
        for (CapacityProvider cp : spec.capacityProviders()) providers.putIfAbsent(cp.name(), cp);
    }

    private static Map<String, Workload> workloads(Spec spec) {
        Map<String, Workload> out = new HashMap<>();
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.putIfAbsent(td.family(), td);
        for (Service s : spec.services()) {
            TaskDefinition td = tds.get(s.taskDefinition());
            if (td != null) out.putIfAbsent(s.name(), new Workload.OfService(s, td));
        }
        for (InferenceComponent ic : spec.inferenceComponents()) out.putIfAbsent(ic.name(), new Workload.OfComponent(ic));
        return out;
    }

    /**
     * What a copy of {@code group} running {@code revision} runs: the spec's workload, or the
     * previous spec's when that one has this revision and the spec's has not (a rollback returns
     * copies to the revision the last completed rollout left).
     */
    public Optional<Workload> workload(String group, Revision revision) {
        Workload now = byGroup.get(group);
        if (revision == null || now == null || revision.equals(revision(now))) return Optional.ofNullable(now);
        Workload was = previousByGroup.get(group);
        return Optional.of(was != null && revision.equals(revision(was)) ? was : now);
    }

    private static Revision revision(Workload w) {
        return switch (w) {
            case Workload.OfService s -> Revision.of(s.task());
            case Workload.OfComponent c -> Revision.of(c.component());
        };
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
