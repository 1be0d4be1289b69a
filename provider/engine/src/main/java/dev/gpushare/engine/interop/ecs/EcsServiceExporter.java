package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
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
        n.putArray("capacityProviderStrategy").addObject().put("capacityProvider", s.capacityProvider()).put("weight", 1);
        ObjectNode strategy = n.putArray("placementStrategy").addObject();
        String[] typeAndField = switch (s.placementStrategy()) {
            // ECS bin-packs on cpu or memory; GPU memory is what gpushare packs, host memory is the nearest ECS field
            case BINPACK -> new String[] {"binpack", "memory"};
            case SPREAD -> new String[] {"spread", "instanceId"};
        };
        strategy.put("type", typeAndField[0]).put("field", typeAndField[1]);
        n.set("deploymentConfiguration", deploymentConfiguration(s));
        return n;
    }

    /** ECS's DeploymentConfiguration of {@code s}: the percentages, and the circuit breaker in it. */
    public static ObjectNode deploymentConfiguration(Service s) {
        ObjectNode d = CloudJson.object();
        DeploymentConfiguration dc = s.deployment();
        d.put("minimumHealthyPercent", dc.minimumHealthy());
        d.put("maximumPercent", dc.maximum());
        DeploymentCircuitBreaker cb = s.deploymentCircuitBreaker();
        d.putObject("deploymentCircuitBreaker")
                .put("enable", cb != null && cb.enable())
                .put("rollback", cb != null && cb.rollback());
        return d;
    }
}
