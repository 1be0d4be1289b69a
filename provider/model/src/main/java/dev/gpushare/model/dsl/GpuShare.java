package dev.gpushare.model.dsl;

/**
 * The entry point of the typed Java DSL: {@code GpuShare.cluster("inference-prod")} returns a
 * {@link ClusterBuilder} whose {@code build()} gives the same {@link dev.gpushare.model.Spec} the
 * YAML/JSON reader gives for the equivalent document.
 *
 * <pre>{@code
 * import static dev.gpushare.model.dsl.Units.*;
 *
 * ClusterBuilder c = GpuShare.cluster("inference-prod");
 * CapacityProviderRef l4 = c.capacityProvider("l4-shared", "g6.12xlarge", 8, cp -> cp.sharing(Sharing.mps()));
 * TaskDefinitionRef embedder = c.taskDefinition("embedder", td -> td.cpu(cpuUnits(1024)).memory(mib(2048)),
 *         GpuShare.container("model", "ghcr.io/acme/embedder:1.4", Gpu.mps(mib(4096), percent(25))));
 * c.service("embedder", embedder, l4, 12);
 * Spec spec = c.build();
 * }</pre>
 */
public final class GpuShare {
    private GpuShare() {}

    /** A new, empty cluster declaration named {@code name}. */
    public static ClusterBuilder cluster(String name) {
        return new ClusterBuilder(name);
    }

    /** A container without GPU (same as {@link ContainerDef#of(String, String)}). */
    public static ContainerDef container(String name, String image) {
        return ContainerDef.of(name, image);
    }

    /** A container with a GPU requirement (same as {@link ContainerDef#of(String, String, Gpu)}). */
    public static ContainerDef container(String name, String image, Gpu gpu) {
        return ContainerDef.of(name, image, gpu);
    }
}
