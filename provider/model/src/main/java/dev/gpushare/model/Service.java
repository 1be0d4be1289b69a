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
 */
public record Service(
        String name, String taskDefinition, String capacityProvider, int desiredCount,
        PlacementStrategy placementStrategy) {
    public Service {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(taskDefinition, "taskDefinition");
        Objects.requireNonNull(capacityProvider, "capacityProvider");
        Objects.requireNonNull(placementStrategy, "placementStrategy");
    }
}
