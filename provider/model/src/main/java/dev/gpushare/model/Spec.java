package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * One cluster's declaration: the root of the spec document (CONTRACT.md §1).
 *
 * <p>Immutable. Lists are never null (absent sections are empty lists). Every front door — the
 * YAML/JSON reader, the typed DSL, the Pulumi provider — produces this record; nothing downstream
 * knows which one was used.
 */
public record Spec(
        String apiVersion,
        String cluster,
        List<CapacityProvider> capacityProviders,
        List<TaskDefinition> taskDefinitions,
        List<Service> services,
        List<Endpoint> endpoints,
        List<InferenceComponent> inferenceComponents,
        List<InstanceTypeDef> instanceTypes) {

    /** The only API version this release reads and writes. */
    public static final String API_VERSION = "gpushare.dev/v1";

    public Spec {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(cluster, "cluster");
        capacityProviders = List.copyOf(capacityProviders);
        taskDefinitions = List.copyOf(taskDefinitions);
        services = List.copyOf(services);
        endpoints = List.copyOf(endpoints);
        inferenceComponents = List.copyOf(inferenceComponents);
        instanceTypes = List.copyOf(instanceTypes);
    }
}
