package dev.gpushare.model.dsl;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.SpecSections;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Collects the declarations of one cluster; made by {@link GpuShare#cluster(String)}.
 *
 * <p>Each declaring method appends one entry, in call order, and returns a typed handle
 * ({@link CapacityProviderRef}, {@link TaskDefinitionRef}, {@link EndpointRef},
 * {@link InstanceTypeRef}) that later declarations take instead of a name, so that a reference
 * to something never declared cannot compile. Required settings are parameters; optional ones go
 * through an options function ({@code cp -> cp.minInstances(1)}) whose defaults are the spec's.
 *
 * <p>Mutable and meant for one thread, like a construct scope: declare, then {@link #build()}.
 * {@code build()} may be called again and returns what has been declared so far; it checks
 * nothing beyond what the records check (validation is {@code SpecValidator.validate(Spec)}).
 * Handing it a handle of another cluster is a programming error
 * ({@link IllegalArgumentException}).
 */
public final class ClusterBuilder {
    private final String cluster;
    private final SpecSections sections = new SpecSections();
    private dev.gpushare.model.Pricing pricing = dev.gpushare.model.Pricing.NONE;

    ClusterBuilder(String cluster) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    /** The cluster's name. */
    public String cluster() {
        return cluster;
    }

    // ---- capacity providers -------------------------------------------------------------------

    /**
     * A capacity provider of up to {@code maxInstances} instances of a catalog type, with the
     * default sharing and no instance kept running.
     */
    public CapacityProviderRef capacityProvider(String name, String instanceType, int maxInstances) {
        return capacityProvider(name, instanceType, maxInstances, UnaryOperator.identity());
    }

    /** As {@link #capacityProvider(String, String, int)}, with optional settings. */
    public CapacityProviderRef capacityProvider(
            String name, String instanceType, int maxInstances,
            UnaryOperator<CapacityProviderOptions> options) {
        CapacityProviderOptions o = options.apply(CapacityProviderOptions.DEFAULTS);
        Sharing sharing = o.sharing();
        sections.capacityProviders().add(new CapacityProvider(
                name, instanceType, o.minInstances(), maxInstances, sharing == null ? null : sharing.toModel()));
        return new CapacityProviderRef(this, name);
    }

    /** A capacity provider of an instance type declared with {@link #instanceType}. */
    public CapacityProviderRef capacityProvider(String name, InstanceTypeRef instanceType, int maxInstances) {
        return capacityProvider(name, own(instanceType).name(), maxInstances);
    }

    /** As {@link #capacityProvider(String, InstanceTypeRef, int)}, with optional settings. */
    public CapacityProviderRef capacityProvider(
            String name, InstanceTypeRef instanceType, int maxInstances,
            UnaryOperator<CapacityProviderOptions> options) {
        return capacityProvider(name, own(instanceType).name(), maxInstances, options);
    }

    // ---- task definitions ---------------------------------------------------------------------

    /** A task definition of the given containers (at least one), cpu and memory unset. */
    public TaskDefinitionRef taskDefinition(String family, ContainerDef first, ContainerDef... more) {
        return taskDefinition(family, UnaryOperator.identity(), first, more);
    }

    /** As {@link #taskDefinition(String, ContainerDef, ContainerDef...)}, with cpu and memory. */
    public TaskDefinitionRef taskDefinition(
            String family, UnaryOperator<TaskDefinitionOptions> options, ContainerDef first, ContainerDef... more) {
        TaskDefinitionOptions o = options.apply(TaskDefinitionOptions.DEFAULTS);
        List<Container> containers = new ArrayList<>();
        containers.add(Objects.requireNonNull(first, "first").toModel());
        for (ContainerDef c : more) {
            containers.add(Objects.requireNonNull(c, "container").toModel());
        }
        sections.taskDefinitions().add(new TaskDefinition(family, o.cpuUnits(), o.memoryMiB(), containers));
        return new TaskDefinitionRef(this, family);
    }

    // ---- services -----------------------------------------------------------------------------

    /** A service of {@code desiredCount} copies, placed BINPACK (the default). */
    public ClusterBuilder service(
            String name, TaskDefinitionRef taskDefinition, CapacityProviderRef capacityProvider, int desiredCount) {
        return service(name, taskDefinition, capacityProvider, desiredCount, PlacementStrategy.BINPACK);
    }

    /** A service of {@code desiredCount} copies placed with the given strategy. */
    public ClusterBuilder service(
            String name, TaskDefinitionRef taskDefinition, CapacityProviderRef capacityProvider, int desiredCount,
            PlacementStrategy placementStrategy) {
        return service(name, taskDefinition, capacityProvider, desiredCount, s -> s.placementStrategy(placementStrategy));
    }

    /**
     * A service of {@code desiredCount} copies with optional settings, e.g. {@code s -> s.spread()
     * .deployment(percent(50), percent(200)).circuitBreaker(true)}.
     */
    public ClusterBuilder service(
            String name, TaskDefinitionRef taskDefinition, CapacityProviderRef capacityProvider, int desiredCount,
            UnaryOperator<ServiceOptions> options) {
        ServiceOptions o = options.apply(ServiceOptions.DEFAULTS);
        sections.services().add(new Service(name, own(taskDefinition).name(), own(capacityProvider).name(), desiredCount,
                o.placementStrategy(), o.deploymentConfiguration(), o.circuitBreaker()));
        return this;
    }

    // ---- endpoints and inference components ---------------------------------------------------

    /** An endpoint of {@code instanceCount} instances of a catalog type, with whole GPUs. */
    public EndpointRef endpoint(String name, String instanceType, int instanceCount) {
        return endpoint(name, instanceType, instanceCount, UnaryOperator.identity());
    }

    /** As {@link #endpoint(String, String, int)}, with optional settings (the MIG layout). */
    public EndpointRef endpoint(
            String name, String instanceType, int instanceCount, UnaryOperator<EndpointOptions> options) {
        EndpointOptions o = options.apply(EndpointOptions.DEFAULTS);
        sections.endpoints().add(new Endpoint(name, instanceType, instanceCount, o.partitionLayout()));
        return new EndpointRef(this, name);
    }

    /** An endpoint of an instance type declared with {@link #instanceType}, with whole GPUs. */
    public EndpointRef endpoint(String name, InstanceTypeRef instanceType, int instanceCount) {
        return endpoint(name, own(instanceType).name(), instanceCount);
    }

    /** As {@link #endpoint(String, InstanceTypeRef, int)}, with optional settings. */
    public EndpointRef endpoint(
            String name, InstanceTypeRef instanceType, int instanceCount, UnaryOperator<EndpointOptions> options) {
        return endpoint(name, own(instanceType).name(), instanceCount, options);
    }

    /** {@code copyCount} copies of {@code model} on an endpoint with whole GPUs. */
    public ClusterBuilder inferenceComponent(String name, EndpointRef endpoint, String model, int copyCount) {
        return inferenceComponent(name, endpoint, model, copyCount, UnaryOperator.identity());
    }

    /** As {@link #inferenceComponent(String, EndpointRef, String, int)}, with optional settings. */
    public ClusterBuilder inferenceComponent(
            String name, EndpointRef endpoint, String model, int copyCount,
            UnaryOperator<InferenceComponentOptions> options) {
        InferenceComponentOptions o = options.apply(InferenceComponentOptions.DEFAULTS);
        sections.inferenceComponents().add(new InferenceComponent(
                name, own(endpoint).name(), model, o.partitionType(), copyCount, o.hostMemoryMiB(), o.gpuMemoryMiB(),
                o.rollingUpdatePolicy()));
        return this;
    }

    // ---- instance types -----------------------------------------------------------------------

    /**
     * An instance type the built-in catalog lacks.
     *
     * @param gpuModel a catalog GPU model, e.g. {@code "H100-80GB"}
     * @param gpuCount GPUs per instance
     * @param vcpus    virtual CPUs per instance (a count, not CPU units)
     * @param memory   host memory per instance
     */
    public InstanceTypeRef instanceType(String name, String gpuModel, int gpuCount, int vcpus, Mib memory) {
        sections.instanceTypes().add(new InstanceTypeDef(
                name, gpuModel, gpuCount, vcpus, Objects.requireNonNull(memory, "memory").value()));
        return new InstanceTypeRef(this, name);
    }

    /** As {@link #instanceType(String, String, int, int, Mib)}, with what one instance costs per hour. */
    public InstanceTypeRef instanceType(
            String name, String gpuModel, int gpuCount, int vcpus, Mib memory, UsdPerHour perHour) {
        sections.instanceTypes().add(new InstanceTypeDef(name, gpuModel, gpuCount, vcpus,
                Objects.requireNonNull(memory, "memory").value(), Objects.requireNonNull(perHour, "perHour").value()));
        return new InstanceTypeRef(this, name);
    }

    // ---- pricing ------------------------------------------------------------------------------

    /** The {@code pricing} section: prices that replace the catalog's, a region, a discount. */
    public ClusterBuilder pricing(UnaryOperator<PricingOptions> options) {
        pricing = options.apply(PricingOptions.DEFAULTS).toModel();
        return this;
    }

    // ---- result -------------------------------------------------------------------------------

    /** The spec declared so far (apiVersion {@value Spec#API_VERSION}); lists in declaration order. */
    public Spec build() {
        return sections.toSpec(Spec.API_VERSION, cluster, pricing);
    }

    private <R extends Ref> R own(R ref) {
        Objects.requireNonNull(ref, "reference");
        if (ref.owner() != this) {
            throw new IllegalArgumentException(ref + " was declared in cluster '" + ref.owner().cluster
                    + "', not in '" + cluster + "'; declare it in this cluster");
        }
        return ref;
    }
}
