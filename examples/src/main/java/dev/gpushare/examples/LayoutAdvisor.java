package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;

import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.EndpointRef;
import dev.gpushare.model.dsl.GpuShare;

/**
 * examples/layout-advisor/spec.yaml in Java: four models on an ml.p5.48xlarge endpoint without a
 * MIG layout; each component gives the GPU memory one copy needs (MiB), and {@code gpushare advise}
 * chooses the layout and every component's partition type.
 */
public final class LayoutAdvisor {
    private LayoutAdvisor() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("layout-advisor");
        EndpointRef assistants = c.endpoint("assistants", "ml.p5.48xlarge", 3);
        c.inferenceComponent("chat-70b", assistants, "llama-3-70b-instruct-awq", 4,
                ic -> ic.gpuMemory(mib(38000)).hostMemory(mib(32768)));
        c.inferenceComponent("chat-8b", assistants, "llama-3-8b-instruct", 6,
                ic -> ic.gpuMemory(mib(17500)).hostMemory(mib(16384)));
        c.inferenceComponent("embed", assistants, "e5-large-v2", 8, ic -> ic.gpuMemory(mib(6000)));
        c.inferenceComponent("rerank", assistants, "bge-reranker-v2-m3", 4, ic -> ic.gpuMemory(mib(9000)));
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
