package dev.gpushare.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A spec's list sections while they are being collected (by the file reader, by the Java DSL):
 * mutable lists, each in the order its entries were added; {@link #toSpec} makes the
 * {@link Spec}. Meant for one thread.
 */
public record SpecSections(
        List<CapacityProvider> capacityProviders,
        List<TaskDefinition> taskDefinitions,
        List<Service> services,
        List<Endpoint> endpoints,
        List<InferenceComponent> inferenceComponents,
        List<InstanceTypeDef> instanceTypes) {

    /** Empty sections. */
    public SpecSections() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    /** The spec of the sections so far (the lists are copied). */
    public Spec toSpec(String apiVersion, String cluster, Pricing pricing) {
        return new Spec(apiVersion, cluster, capacityProviders, taskDefinitions, services, endpoints,
                inferenceComponents, instanceTypes, pricing);
    }
}
