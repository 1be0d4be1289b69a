package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A service as the {@code CreateService} request that runs it: in the spec's cluster, its task
 * definition's family (ECS takes the latest ACTIVE revision), its desired count, on its capacity
 * provider, with the placement strategy ECS has for the spec's, and its deployment settings
 * ({@code deploymentConfiguration} with {@code minimumHealthyPercent}, {@code maximumPercent} and
 * the {@code deploymentCircuitBreaker}, which ECS nests in it). The defaults (100 / 200, breaker off)
 * are written out, so that the request says what gpushare plans with.
 */
public final class EcsServiceExporter {
    private EcsServiceExporter() {}

    public static ObjectNode createService(Spec spec, Service s) {
        ObjectNode n = CloudJson.object();
        n.put("cluster", spec.cluster());
        n.put("serviceName", s.name());
        n.put("taskDefinition", s.taskDefinition());
        n.put("desiredCount", s.desiredCount());
        n.putArray("capacityProviderStrategy").add(capacityProviderStrategy(CloudJson.text(s.capacityProvider()), EcsNames.API));
        n.putArray("placementStrategy").add(placementStrategy(s, EcsNames.API));
        n.set("deploymentConfiguration", deploymentConfiguration(s, EcsNames.API));
        return n;
    }

    /** The one entry of the service's capacity provider strategy: {@code capacityProvider} alone (weight 1). */
    public static ObjectNode capacityProviderStrategy(JsonNode capacityProvider, EcsNames names) {
        ObjectNode n = CloudJson.object();
        n.set(names.of("capacityProvider"), capacityProvider);
        n.put(names.of("weight"), 1);
        return n;
    }

    /** The placement strategy ECS has for the service's: its type and field. */
    public static ObjectNode placementStrategy(Service s, EcsNames names) {
        ObjectNode n = CloudJson.object();
        switch (s.placementStrategy()) {
            // ECS bin-packs on cpu or memory; GPU memory is what gpushare packs, host memory is the nearest ECS field
            case BINPACK -> n.put(names.of("type"), "binpack").put(names.of("field"), "memory");
            case SPREAD -> n.put(names.of("type"), "spread").put(names.of("field"), "instanceId");
        }
        return n;
    }

    /** ECS's DeploymentConfiguration of {@code s}: the percentages, and the circuit breaker in it. */
    public static ObjectNode deploymentConfiguration(Service s, EcsNames names) {
        ObjectNode d = CloudJson.object();
        DeploymentConfiguration dc = s.deployment();
        d.put(names.of("minimumHealthyPercent"), dc.minimumHealthy());
        d.put(names.of("maximumPercent"), dc.maximum());
        DeploymentCircuitBreaker cb = s.deploymentCircuitBreaker();
        d.putObject(names.of("deploymentCircuitBreaker"))
                .put(names.of("enable"), cb != null && cb.enable())
                .put(names.of("rollback"), cb != null && cb.rollback());
        return d;
    }
}
