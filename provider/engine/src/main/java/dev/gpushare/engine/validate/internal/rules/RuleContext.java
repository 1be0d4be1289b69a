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
import java.util.List;
import java.util.Optional;

/**
 * The spec plus what the rules look up in it: names to indexes (the first definition wins; a
 * duplicate is reported by {@link UniqueNameRule}) and the catalog extended with the declared types.
 *
 * @param builtIn   the catalog without the spec's declared types (to tell a redeclaration)
 * @param catalog   the built-in catalog plus the spec's declared types
 * @param tasks     the task definitions' families
 * @param providers the capacity providers' names
 * @param endpoints the endpoints' names
 * @param uses      each (task definition, capacity provider) pair some service uses, with that
 *                  service, in service order; services whose references do not resolve are left out
 */
public record RuleContext(Spec spec, Catalog builtIn, Catalog catalog, Names tasks, Names providers, Names endpoints,
                          List<Use> uses) {
    public static RuleContext of(ResolvedSpec resolved) {
        Spec spec = resolved.spec();
        Names tasks = Names.of(spec.taskDefinitions(), TaskDefinition::family);
        Names providers = Names.of(spec.capacityProviders(), CapacityProvider::name);
        return new RuleContext(spec, resolved.builtIn(), resolved.catalog(), tasks, providers,
                Names.of(spec.endpoints(), Endpoint::name), uses(spec, resolved.catalog(), tasks, providers));
    }

    /** The instance type and its GPU model, when both resolve. */
    public Optional<Hardware> hardware(String instanceType) {
        return hardware(catalog, instanceType);
    }

    private static Optional<Hardware> hardware(Catalog catalog, String instanceType) {
        return catalog.instanceType(instanceType)
                .flatMap(t -> catalog.gpuModel(t.gpuModel()).map(g -> new Hardware(t, g)));
    }

    private static List<Use> uses(Spec spec, Catalog catalog, Names tasks, Names providers) {
        List<Use> uses = new ArrayList<>();
        for (int s = 0; s < spec.services().size(); s++) {
            Service service = spec.services().get(s);
            Integer t = tasks.first().get(service.taskDefinition());
            Integer p = providers.first().get(service.capacityProvider());
            if (t == null || p == null) continue;
            CapacityProvider provider = spec.capacityProviders().get(p);
            Optional<Hardware> hw = hardware(catalog, provider.instanceType());
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
        return endpoints.index(name).map(i -> spec.endpoints().get(i));
    }
}
