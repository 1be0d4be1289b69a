package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * One cluster's declaration: the root of the spec document (CONTRACT.md §1).
 *
 * <p>Immutable. Lists are never null (absent sections are empty lists). Every front door — the
 * YAML/JSON reader, the typed DSL, the Pulumi provider — produces this record; nothing downstream
 * knows which one was used.
 *
 * <p>{@code pricing} is never null: {@link Pricing#NONE} when the document has no such section.
 */
public record Spec(
        String apiVersion,
        String cluster,
        List<CapacityProvider> capacityProviders,
        List<TaskDefinition> taskDefinitions,
        List<Service> services,
        List<Endpoint> endpoints,
        List<InferenceComponent> inferenceComponents,
        List<InstanceTypeDef> instanceTypes,
        Pricing pricing) {

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
        pricing = pricing == null ? Pricing.NONE : pricing;
    }

    /** A spec without a {@code pricing} section (the catalog's prices apply). */
    public Spec(String apiVersion, String cluster, List<CapacityProvider> capacityProviders,
            List<TaskDefinition> taskDefinitions, List<Service> services, List<Endpoint> endpoints,
            List<InferenceComponent> inferenceComponents, List<InstanceTypeDef> instanceTypes) {
        this(apiVersion, cluster, capacityProviders, taskDefinitions, services, endpoints, inferenceComponents,
                instanceTypes, Pricing.NONE);
    }
}
