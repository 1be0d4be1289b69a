package dev.gpushare.model;

import java.util.Objects;

/**
 * A service: {@code desiredCount} copies of a task definition on a capacity provider.
 *
 * @param name              unique among services
 * @param taskDefinition    the family of a task definition of this spec
 * @param capacityProvider  the name of a capacity provider of this spec
 * @param desiredCount      copies wanted (≥ 0)
 * @param placementStrategy BINPACK (the default) or SPREAD
 * @param deploymentConfiguration  how a new revision rolls out (ECS names and defaults), or {@code null}
 *                                 for the defaults (100 / 200)
 * @param deploymentCircuitBreaker stop (and roll back) a failing rollout, or {@code null}: not enabled
 */
public record Service(
        String name, String taskDefinition, String capacityProvider, int desiredCount,
        PlacementStrategy placementStrategy, DeploymentConfiguration deploymentConfiguration,
        DeploymentCircuitBreaker deploymentCircuitBreaker) {
    public Service {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(taskDefinition, "taskDefinition");
        Objects.requireNonNull(capacityProvider, "capacityProvider");
        Objects.requireNonNull(placementStrategy, "placementStrategy");
    }

    /** A service with the default deployment configuration and no circuit breaker. */
    public Service(String name, String taskDefinition, String capacityProvider, int desiredCount,
                   PlacementStrategy placementStrategy) {
        this(name, taskDefinition, capacityProvider, desiredCount, placementStrategy, null, null);
    }

    /** {@link #deploymentConfiguration}, or the defaults when not given. */
    public DeploymentConfiguration deployment() {
        return deploymentConfiguration == null ? DeploymentConfiguration.DEFAULT : deploymentConfiguration;
    }
}
