package dev.gpushare.model;

import java.util.Objects;

/**
 * A model deployed on an endpoint; each copy occupies one partition of {@code partitionType}
 * (or one whole GPU when the endpoint has no layout).
 *
 * @param name          unique among inference components
 * @param endpoint      the name of an endpoint of this spec
 * @param model         the model's name; callers still invoke it by this name
 * @param partitionType a MIG profile declared in the endpoint's layout; {@code null} when the
 *                      endpoint has no layout, or when {@code gpuMemoryMiB} asks the layout
 *                      advisor to choose
 * @param copyCount     copies (≥ 1)
 * @param hostMemoryMiB host memory per copy in MiB (≥ 128), or {@code null}
 * @param gpuMemoryMiB  GPU memory one copy needs, in MiB, for the layout advisor; or {@code null}
 * @param rollingUpdatePolicy how a new model or specification replaces the copies (SageMaker's
 *                      {@code DeploymentConfig.RollingUpdatePolicy}), or {@code null}: one copy at a time
 */
public record InferenceComponent(
        String name, String endpoint, String model, String partitionType, int copyCount,
        Integer hostMemoryMiB, Integer gpuMemoryMiB, RollingUpdatePolicy rollingUpdatePolicy) {
    public InferenceComponent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(model, "model");
    }

    /** A component with the default rolling update (one copy at a time). */
    public InferenceComponent(String name, String endpoint, String model, String partitionType, int copyCount,
                              Integer hostMemoryMiB, Integer gpuMemoryMiB) {
        this(name, endpoint, model, partitionType, copyCount, hostMemoryMiB, gpuMemoryMiB, null);
    }

    /** {@link #rollingUpdatePolicy}, or one copy at a time when not given. */
    public RollingUpdatePolicy rollingUpdate() {
        return rollingUpdatePolicy == null ? RollingUpdatePolicy.DEFAULT : rollingUpdatePolicy;
    }
}
