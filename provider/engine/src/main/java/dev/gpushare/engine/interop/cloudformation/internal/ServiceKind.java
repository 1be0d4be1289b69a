package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.Service;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code AWS::ECS::Service}: in the cluster, its task definition (the revision the stack
 * registers), its desired count, on its pool alone ({@code CapacityProviderStrategy}, weight 1) and
 * with the placement strategy ECS has for the spec's ({@code BINPACK} → {@code binpack} on
 * {@code memory}, {@code SPREAD} → {@code spread} on {@code instanceId}), and its deployment settings:
 * {@code DeploymentConfiguration} with {@code MinimumHealthyPercent}, {@code MaximumPercent} and the
 * {@code DeploymentCircuitBreaker} ({@code Enable}, {@code Rollback}) that CloudFormation nests in it,
 * the defaults (100 / 200, breaker off) written out as gpushare plans with them.
 */
public final class ServiceKind {
    private ServiceKind() {}

    public static String add(TemplateBuilder b, Service s, String clusterId, String taskDefinitionId, String capacityProviderId,
                             List<String> dependsOn) {
        String id = b.id(s.name(), "Service");
        ObjectNode p = Fn.object();
        p.put("ServiceName", s.name());
        p.set("Cluster", Fn.ref(clusterId));
        p.set("TaskDefinition", Fn.ref(taskDefinitionId));
        p.put("DesiredCount", s.desiredCount());
        p.putArray("CapacityProviderStrategy").addObject().<ObjectNode>set("CapacityProvider", Fn.ref(capacityProviderId))
                .put("Weight", 1);
        ObjectNode strategy = p.putArray("PlacementStrategies").addObject();
        switch (s.placementStrategy()) {
            // ECS bin-packs on cpu or memory; GPU memory is what gpushare packs, host memory is the nearest ECS field
            case BINPACK -> strategy.put("Type", "binpack").put("Field", "memory");
            case SPREAD -> strategy.put("Type", "spread").put("Field", "instanceId");
        }
        ObjectNode deployment = p.putObject("DeploymentConfiguration");
        DeploymentConfiguration dc = s.deployment();
        deployment.put("MinimumHealthyPercent", dc.minimumHealthy());
        deployment.put("MaximumPercent", dc.maximum());
        DeploymentCircuitBreaker cb = s.deploymentCircuitBreaker();
        deployment.putObject("DeploymentCircuitBreaker")
                .put("Enable", cb != null && cb.enable())
                .put("Rollback", cb != null && cb.rollback());
        if (b.capacity() == EcsCapacity.MANAGED_INSTANCES) {
            ObjectNode vpc = p.putObject("NetworkConfiguration").putObject("AwsvpcConfiguration");
            vpc.set("Subnets", Fn.ref(EcsParameters.subnets(b)));
            vpc.set("SecurityGroups", Fn.ref(EcsParameters.securityGroups(b)));
        }
        b.resource(id, "AWS::ECS::Service", dependsOn, p);
        return id;
    }
}
