package dev.gpushare.model.dsl;

import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One container of a task definition: {@code ContainerDef.of("model", "ghcr.io/acme/embedder:1.4",
 * Gpu.mps(mib(4096)))}, or without a GPU {@code ContainerDef.of("sidecar", "busybox")}. What it runs
 * beyond its image: {@code .entryPoint("python", "-m", "serve").command("--port", "8080")
 * .env("PORT", "8080").healthCheck(HealthCheck.of(List.of("CMD-SHELL", "curl -f localhost:8080/health")))}.
 * Immutable: each of those returns a new value.
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

    /** The program it starts, replacing the image's ENTRYPOINT (ECS entryPoint). */
    public ContainerDef entryPoint(String... program) {
        return new ContainerDef(new Container(model.name(), model.image(), model.gpu(), List.of(program), model.command(),
                model.environment(), model.healthCheck()));
    }

    /** Its arguments, replacing the image's CMD (ECS command). */
    public ContainerDef command(String... args) {
        return new ContainerDef(new Container(model.name(), model.image(), model.gpu(), model.entryPoint(), List.of(args),
                model.environment(), model.healthCheck()));
    }

    /** One more environment variable (after those already given). */
    public ContainerDef env(String name, String value) {
        List<EnvironmentVariable> env = new ArrayList<>(model.env());
        env.add(new EnvironmentVariable(name, value));
        return new ContainerDef(new Container(model.name(), model.image(), model.gpu(), model.entryPoint(), model.command(),
                env, model.healthCheck()));
    }

    /** Its health check (ECS fields; {@link HealthCheck#of} takes ECS's defaults). */
    public ContainerDef healthCheck(HealthCheck check) {
        return new ContainerDef(new Container(model.name(), model.image(), model.gpu(), model.entryPoint(), model.command(),
                model.environment(), Objects.requireNonNull(check, "check")));
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
