package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * One container of a task definition.
 *
 * @param name        unique within its task definition
 * @param image       the container image reference
 * @param gpu         the GPU requirement, or {@code null} for a container without GPU
 * @param entryPoint  the program it starts, replacing the image's ENTRYPOINT, or {@code null}: the image's
 * @param command     its arguments, replacing the image's CMD, or {@code null}: the image's
 * @param environment its environment variables in the order given, or {@code null}: none given
 * @param healthCheck how to tell it is healthy, or {@code null}: ready once it runs
 */
public record Container(String name, String image, GpuRequirement gpu, List<String> entryPoint, List<String> command,
                        List<EnvironmentVariable> environment, HealthCheck healthCheck) {
    public Container {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(image, "image");
        entryPoint = entryPoint == null ? null : List.copyOf(entryPoint);
        command = command == null ? null : List.copyOf(command);
        environment = environment == null ? null : List.copyOf(environment);
    }

    /** A container that runs its image as built: no entry point, command, environment or health check given. */
    public Container(String name, String image, GpuRequirement gpu) {
        this(name, image, gpu, null, null, null, null);
    }

    /** This container with another GPU requirement (what it runs unchanged). */
    public Container withGpu(GpuRequirement other) {
        return new Container(name, image, other, entryPoint, command, environment, healthCheck);
    }

    /** {@link #environment}, or an empty list when none is given. */
    public List<EnvironmentVariable> env() {
        return environment == null ? List.of() : environment;
    }
}
