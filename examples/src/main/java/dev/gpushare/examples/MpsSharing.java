package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;
import static dev.gpushare.model.dsl.Units.vcpu;

import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;

/**
 * examples/mps-sharing/spec.yaml in Java: embedding models and a reranker sharing the four L4
 * GPUs of a g6.12xlarge through NVIDIA MPS, each with a GPU memory reservation (MiB) and a
 * compute limit (percent).
 */
public final class MpsSharing {
    private MpsSharing() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("embeddings-prod");
        CapacityProviderRef l4 = c.capacityProvider("l4-mps", "g6.12xlarge", 4,
                cp -> cp.minInstances(1).sharing(Sharing.mps().maxClientsPerGpu(8)));

        TaskDefinitionRef small = c.taskDefinition("embedder-small", td -> td.cpu(vcpu(2)).memory(mib(4096)),
                GpuShare.container("model", "ghcr.io/acme/bge-small:1.5", Gpu.mps(mib(3072), percent(20))));
        TaskDefinitionRef large = c.taskDefinition("embedder-large", td -> td.cpu(vcpu(4)).memory(mib(8192)),
                GpuShare.container("model", "ghcr.io/acme/bge-large:1.5", Gpu.mps(mib(6144), percent(40))));
        TaskDefinitionRef reranker = c.taskDefinition("reranker", td -> td.cpu(vcpu(2)).memory(mib(8192)),
                GpuShare.container("model", "ghcr.io/acme/bge-reranker:2.0", Gpu.mps(mib(8192), percent(50))),
                GpuShare.container("proxy", "ghcr.io/acme/envoy:1.31"));

        c.service("embedder-small", small, l4, 8);
        c.service("embedder-large", large, l4, 4);
        c.service("reranker", reranker, l4, 3, PlacementStrategy.SPREAD);
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
