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
public final class ContainerDef extends ModelValue<Container> {
    private ContainerDef(Container model) {
        super(model);
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
        Container m = toModel();
        return new ContainerDef(new Container(m.name(), m.image(), m.gpu(), List.of(program), m.command(),
                m.environment(), m.healthCheck()));
    }

    /** Its arguments, replacing the image's CMD (ECS command). */
    public ContainerDef command(String... args) {
        Container m = toModel();
        return new ContainerDef(new Container(m.name(), m.image(), m.gpu(), m.entryPoint(), List.of(args),
                m.environment(), m.healthCheck()));
    }

    /** One more environment variable (after those already given). */
    public ContainerDef env(String name, String value) {
        Container m = toModel();
        List<EnvironmentVariable> env = new ArrayList<>(m.env());
        env.add(new EnvironmentVariable(name, value));
        return new ContainerDef(new Container(m.name(), m.image(), m.gpu(), m.entryPoint(), m.command(),
                env, m.healthCheck()));
    }

    /** Its health check (ECS fields; {@link HealthCheck#of} takes ECS's defaults). */
    public ContainerDef healthCheck(HealthCheck check) {
        Container m = toModel();
        return new ContainerDef(new Container(m.name(), m.image(), m.gpu(), m.entryPoint(), m.command(),
                m.environment(), Objects.requireNonNull(check, "check")));
    }
}
