package dev.gpushare.model.dsl;

import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.PlacementStrategy;
import java.util.Objects;

/**
 * The optional settings of a service, given to {@link ClusterBuilder#service(String, TaskDefinitionRef,
 * CapacityProviderRef, int, java.util.function.UnaryOperator)} as {@code s -> s.spread()
 * .deployment(percent(50), percent(200)).circuitBreaker(true)}. Immutable: each setter returns a new
 * value. Defaults: BINPACK, ECS's deployment defaults (100 / 200), no circuit breaker.
 */
public final class ServiceOptions {
    static final ServiceOptions DEFAULTS = new ServiceOptions(PlacementStrategy.BINPACK, null, null);

    private final PlacementStrategy placementStrategy;
    private final DeploymentConfiguration deployment;
    private final DeploymentCircuitBreaker circuitBreaker;

    private ServiceOptions(PlacementStrategy placementStrategy, DeploymentConfiguration deployment,
                           DeploymentCircuitBreaker circuitBreaker) {
        this.placementStrategy = placementStrategy;
        this.deployment = deployment;
        this.circuitBreaker = circuitBreaker;
    }

    /** How copies are placed (BINPACK is the default). */
    public ServiceOptions placementStrategy(PlacementStrategy strategy) {
        return new ServiceOptions(Objects.requireNonNull(strategy, "strategy"), deployment, circuitBreaker);
    }

    /** SPREAD: copies on as many instances as possible. */
    public ServiceOptions spread() {
        return placementStrategy(PlacementStrategy.SPREAD);
    }

    /**
     * ECS's deploymentConfiguration: during a rollout at least {@code minimumHealthy} (0–100 %) and at
     * most {@code maximum} (100–200 %) of desiredCount run.
     */
    public ServiceOptions deployment(Percent minimumHealthy, Percent maximum) {
        return new ServiceOptions(placementStrategy, new DeploymentConfiguration(
                Objects.requireNonNull(minimumHealthy, "minimumHealthy").value(), Objects.requireNonNull(maximum, "maximum").value()),
                circuitBreaker);
    }

    /** ECS's deployment circuit breaker, enabled; with {@code rollback}, a stopped rollout returns to the last completed revision. */
    public ServiceOptions circuitBreaker(boolean rollback) {
        return new ServiceOptions(placementStrategy, deployment, new DeploymentCircuitBreaker(true, rollback));
    }

    PlacementStrategy placementStrategy() {
        return placementStrategy;
    }

    DeploymentConfiguration deploymentConfiguration() {
        return deployment;
    }

    DeploymentCircuitBreaker circuitBreaker() {
        return circuitBreaker;
    }
}
