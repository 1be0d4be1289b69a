package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;
import static dev.gpushare.model.dsl.Units.vcpu;

import dev.gpushare.model.BatchSize;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.EndpointRef;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;
import java.util.List;

/**
 * examples/mixed-inference/spec.yaml in Java: two embedding models and a reranker on an MPS pool of
 * L40S GPUs, and a 7B chat model on a SageMaker endpoint with a whole L40S per copy, each sized in
 * GPU memory (MiB) and compute (percent) — the input of {@code gpushare advise capacity}.
 */
public final class MixedInference {
    private MixedInference() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("rag-prod");
        CapacityProviderRef l40s = c.capacityProvider("l40s-mps", "g6e.2xlarge", 8, cp -> cp.sharing(Sharing.mps()));

        TaskDefinitionRef small = c.taskDefinition("embed-small", td -> td.cpu(vcpu(1)).memory(mib(2048)),
                GpuShare.container("model", "ghcr.io/acme/bge-small-en:1.5", Gpu.mps(mib(2048), percent(15))));
        TaskDefinitionRef multilingual = c.taskDefinition("embed-multilingual", td -> td.cpu(vcpu(2)).memory(mib(4096)),
                GpuShare.container("model", "ghcr.io/acme/multilingual-e5-large:1.0", Gpu.mps(mib(4096), percent(25))));
        TaskDefinitionRef reranker = c.taskDefinition("reranker", td -> td.cpu(vcpu(2)).memory(mib(6144)),
                GpuShare.container("model", "ghcr.io/acme/bge-reranker-v2-m3:1.0", Gpu.mps(mib(6144), percent(40)))
                        .command("--port", "8080", "--max-batch-tokens", "16384")
                        .env("MODEL_ID", "BAAI/bge-reranker-v2-m3")
                        .env("DTYPE", "float16")
                        .healthCheck(new HealthCheck(List.of("CMD-SHELL", "curl -f http://localhost:8080/health || exit 1"), 10, null, 3, 60)));

        c.service("embed-small", small, l40s, 6);
        c.service("embed-multilingual", multilingual, l40s, 4);
        c.service("reranker", reranker, l40s, 3, s -> s.deployment(percent(66), percent(100)).circuitBreaker(true));

        EndpointRef chat = c.endpoint("chat", "ml.g6e.2xlarge", 2);
        c.inferenceComponent("chat-7b", chat, "mistral-7b-instruct", 2,
                ic -> ic.hostMemory(mib(16384)).gpuMemory(mib(18432)).rollingUpdate(BatchSize.copyCount(1), 300));
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
