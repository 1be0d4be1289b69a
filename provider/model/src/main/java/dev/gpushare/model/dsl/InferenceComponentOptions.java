package dev.gpushare.model.dsl;

import dev.gpushare.model.BatchSize;
import dev.gpushare.model.RollingUpdatePolicy;
import java.util.Objects;

/**
 * The optional settings of an inference component, given to
 * {@link ClusterBuilder#inferenceComponent(String, EndpointRef, String, int, java.util.function.UnaryOperator)}
 * as {@code ic -> ic.partitionType("mig-4g.20gb").hostMemory(mib(1024))}. Immutable: each setter
 * returns a new value. All unset by default.
 */
public final class InferenceComponentOptions {
    static final InferenceComponentOptions DEFAULTS = new InferenceComponentOptions(null, null, null, null);

    private final String partitionType;
    private final Mib hostMemory;
    private final Mib gpuMemory;
    private final RollingUpdatePolicy rollingUpdate;

    private InferenceComponentOptions(String partitionType, Mib hostMemory, Mib gpuMemory, RollingUpdatePolicy rollingUpdate) {
        this.partitionType = partitionType;
        this.hostMemory = hostMemory;
        this.gpuMemory = gpuMemory;
        this.rollingUpdate = rollingUpdate;
    }

    /**
     * SageMaker's rolling update: {@code maximumBatchSize} copies per batch ({@link
     * BatchSize#copyCount} or {@link BatchSize#capacityPercent}), {@code waitIntervalInSeconds} of
     * bake time after each.
     */
    public InferenceComponentOptions rollingUpdate(BatchSize maximumBatchSize, int waitIntervalInSeconds) {
        return rollingUpdate(new RollingUpdatePolicy(Objects.requireNonNull(maximumBatchSize, "maximumBatchSize"),
                waitIntervalInSeconds, null, null));
    }

    /** The whole rolling update policy (execution timeout and rollback batch too). */
    public InferenceComponentOptions rollingUpdate(RollingUpdatePolicy policy) {
        return new InferenceComponentOptions(partitionType, hostMemory, gpuMemory, Objects.requireNonNull(policy, "policy"));
    }

    /** {@code null} when unset. */
    RollingUpdatePolicy rollingUpdatePolicy() {
        return rollingUpdate;
    }

    /**
     * The MIG profile each copy occupies; must be in the endpoint's layout (required when the
     * endpoint has one, unless {@link #gpuMemory(Mib)} lets the layout advisor choose).
     */
    public InferenceComponentOptions partitionType(MigProfileName profile) {
        return new InferenceComponentOptions(Objects.requireNonNull(profile, "profile").name(), hostMemory, gpuMemory, rollingUpdate);
    }

    /** As {@link #partitionType(MigProfileName)}, by name (e.g. {@code "mig-4g.20gb"}). */
    public InferenceComponentOptions partitionType(String profile) {
        return partitionType(MigProfileName.of(profile));
    }

    /** Host memory each copy needs, in MiB (the spec asks for at least 128 MiB). */
    public InferenceComponentOptions hostMemory(Mib memory) {
        return new InferenceComponentOptions(partitionType, Objects.requireNonNull(memory, "memory"), gpuMemory, rollingUpdate);
    }

    /** GPU memory one copy needs, in MiB, for the layout advisor. */
    public InferenceComponentOptions gpuMemory(Mib memory) {
        return new InferenceComponentOptions(partitionType, hostMemory, Objects.requireNonNull(memory, "memory"), rollingUpdate);
    }

    /** {@code null} when unset. */
    String partitionType() {
        return partitionType;
    }

    /** In MiB, or {@code null} when unset. */
    Integer hostMemoryMiB() {
        return hostMemory == null ? null : hostMemory.value();
    }

    /** In MiB, or {@code null} when unset. */
    Integer gpuMemoryMiB() {
        return gpuMemory == null ? null : gpuMemory.value();
    }
}
