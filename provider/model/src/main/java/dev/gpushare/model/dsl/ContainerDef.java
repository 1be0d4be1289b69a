package dev.gpushare.model.dsl;

import dev.gpushare.model.Container;
import java.util.Objects;

/**
 * One container of a task definition: {@code ContainerDef.of("model", "ghcr.io/acme/embedder:1.4",
 * Gpu.mps(mib(4096)))}, or without a GPU {@code ContainerDef.of("sidecar", "busybox")}. Immutable.
 */
public final class ContainerDef {
    private final Container model;

    private ContainerDef(Container model) {
        this.model = model;
    }

    /** A container without GPU. */
    public static ContainerDef of(String name, String image) {
        return new ContainerDef(new Container(name, image, null));
    }

    /** A container with the given GPU requirement. */
    public static ContainerDef of(String name, String image, Gpu gpu) {
        return new ContainerDef(new Container(name, image, Objects.requireNonNull(gpu, "gpu").toModel()));
    }

    /** The container as the spec model holds it. */
    public Container toModel() {
        return model;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ContainerDef other && model.equals(other.model);
    }

    @Override
    public int hashCode() {
        return model.hashCode();
    }

    @Override
    public String toString() {
        return "ContainerDef[" + model + "]";
    }
}
