package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The spec plus what the rules look up in it: names to indexes (the first definition wins; a
 * duplicate is reported by {@link UniqueNameRule}) and the catalog extended with the declared types.
 */
public final class RuleContext {
    private final Spec spec;
    private final Catalog builtIn;
    private final Catalog catalog;
    private final Map<String, Integer> tasks = new HashMap<>();
    private final Map<String, Integer> providers = new HashMap<>();
    private final Map<String, Integer> endpoints = new HashMap<>();
    private List<Use> uses;

    public RuleContext(ResolvedSpec resolved) {
        this.spec = resolved.spec();
        this.builtIn = resolved.builtIn();
        this.catalog = resolved.catalog();
        for (int i = 0; i < spec.taskDefinitions().size(); i++) tasks.putIfAbsent(spec.taskDefinitions().get(i).family(), i);
        for (int i = 0; i < spec.capacityProviders().size(); i++) providers.putIfAbsent(spec.capacityProviders().get(i).name(), i);
        for (int i = 0; i < spec.endpoints().size(); i++) endpoints.putIfAbsent(spec.endpoints().get(i).name(), i);
    }

    public Spec spec() {
        return spec;
    }

    /** The catalog without the spec's declared types (to tell a redeclaration). */
    public Catalog builtIn() {
        return builtIn;
    }

    /** The built-in catalog plus the spec's declared types. */
    public Catalog catalog() {
        return catalog;
    }

    public Optional<Integer> taskIndex(String family) {
        return Optional.ofNullable(tasks.get(family));
    }

    public Optional<Integer> providerIndex(String name) {
        return Optional.ofNullable(providers.get(name));
    }

    public Optional<Integer> endpointIndex(String name) {
        return Optional.ofNullable(endpoints.get(name));
    }

    /** The instance type and its GPU model, when both resolve. */
    public Optional<Hardware> hardware(String instanceType) {
        return catalog.instanceType(instanceType)
                .flatMap(t -> catalog.gpuModel(t.gpuModel()).map(g -> new Hardware(t, g)));
    }

    /**
     * Each (task definition, capacity provider) pair some service uses, with that service, in
     * service order; services whose references do not resolve are left out.
     */
    public List<Use> uses() {
        if (uses == null) uses = computeUses();
        return uses;
    }

    private List<Use> computeUses() {
        List<Use> uses = new ArrayList<>();
        for (int s = 0; s < spec.services().size(); s++) {
            Service service = spec.services().get(s);
            Integer t = tasks.get(service.taskDefinition());
            Integer p = providers.get(service.capacityProvider());
            if (t == null || p == null) continue;
            CapacityProvider provider = spec.capacityProviders().get(p);
            Optional<Hardware> hw = hardware(provider.instanceType());
            if (hw.isEmpty()) continue;
            uses.add(new Use(service, t, spec.taskDefinitions().get(t), p, provider, hw.get()));
        }
        return List.copyOf(uses);
    }

    /** An instance type with its resolved GPU model. */
    public record Hardware(InstanceType type, GpuModel gpu) {
        /** Usable MiB of one GPU as a container sees it (the slice for a fractional type). */
        public long usableMemoryMiB() {
            return type.usableGpuMemoryMiB(gpu);
        }
    }

    /** A service's task definition on its capacity provider's hardware. */
    public record Use(Service service, int taskIndex, TaskDefinition task, int providerIndex,
                      CapacityProvider provider, Hardware hardware) {
        /** The provider's strategy; {@code null} is the default, which on a whole-GPU type is MPS. */
        public GpuSharing sharing() {
            return ResolvedSpec.sharing(provider);
        }

        /** "service 's' on capacity provider 'p' (g6.12xlarge, MPS)" — who the problem comes from. */
        public String where() {
            return "service '" + service.name() + "' on capacity provider '" + provider.name() + "' ("
                    + hardware.type().name() + (hardware.type().fractional() ? ", fractional" : ", " + sharing().strategy()) + ")";
        }
    }

    /** Kept here so that every rule spells endpoint lookups the same way. */
    public Optional<Endpoint> endpoint(String name) {
        return endpointIndex(name).map(i -> spec.endpoints().get(i));
    }
}
