package dev.gpushare.model;

import java.util.Objects;

/**
 * One container of a task definition.
 *
 * @param name  unique within its task definition
 * @param image the container image reference
 * @param gpu   the GPU requirement, or {@code null} for a container without GPU
 */
public record Container(String name, String image, GpuRequirement gpu) {
    public Container {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(image, "image");
    }
}
