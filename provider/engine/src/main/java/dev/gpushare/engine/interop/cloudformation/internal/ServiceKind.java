package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.engine.interop.ecs.EcsNames;
import dev.gpushare.engine.interop.ecs.EcsServiceExporter;
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
 * the defaults (100 / 200, breaker off) written out as gpushare plans with them: the strategies and
 * deployment settings of {@code export ecs}'s request ({@link EcsServiceExporter}), in CloudFormation's
 * spelling.
 */
public final class ServiceKind {
    private static final EcsNames NAMES = EcsNames.CLOUDFORMATION;

    private ServiceKind() {}

    public static String add(TemplateBuilder b, Service s, String clusterId, String taskDefinitionId, String capacityProviderId,
                             List<String> dependsOn) {
        String id = b.id(s.name(), "Service");
        ObjectNode p = Fn.object();
        p.put("ServiceName", s.name());
        p.set("Cluster", Fn.ref(clusterId));
        p.set("TaskDefinition", Fn.ref(taskDefinitionId));
        p.put("DesiredCount", s.desiredCount());
        p.putArray("CapacityProviderStrategy").add(EcsServiceExporter.capacityProviderStrategy(Fn.ref(capacityProviderId), NAMES));
        // the one name CloudFormation does not take from the API (placementStrategy)
        p.putArray("PlacementStrategies").add(EcsServiceExporter.placementStrategy(s, NAMES));
        p.set("DeploymentConfiguration", EcsServiceExporter.deploymentConfiguration(s, NAMES));
        if (b.input().capacity() == EcsCapacity.MANAGED_INSTANCES) {
            ObjectNode vpc = p.putObject("NetworkConfiguration").putObject("AwsvpcConfiguration");
            vpc.set("Subnets", Fn.ref(EcsParameters.subnets(b)));
            vpc.set("SecurityGroups", Fn.ref(EcsParameters.securityGroups(b)));
        }
        b.resource(id, "AWS::ECS::Service", dependsOn, p);
        return id;
    }
}
