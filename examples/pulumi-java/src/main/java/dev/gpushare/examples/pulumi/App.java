package dev.gpushare.examples.pulumi;

import com.gpushare.CapacityProvider;
import com.gpushare.CapacityProviderArgs;
import com.gpushare.Endpoint;
import com.gpushare.EndpointArgs;
import com.gpushare.InferenceComponent;
import com.gpushare.InferenceComponentArgs;
import com.gpushare.Service;
import com.gpushare.ServiceArgs;
import com.gpushare.TaskDefinition;
import com.gpushare.TaskDefinitionArgs;
import com.gpushare.inputs.ContainerArgs;
import com.gpushare.inputs.GpuSharingArgs;
import com.pulumi.Context;
import com.pulumi.Pulumi;
import java.util.List;
import java.util.Map;

/**
 * The demo cluster as a Pulumi Java program: an MPS pool with an embedding service, and a MIG
 * endpoint with one model (two with {@code addLlama}). Config: {@code embedderCount} (copies),
 * {@code layout} (comma-separated MIG profiles of the endpoint, in order), {@code addLlama}.
 */
public final class App {
    private static final String CLUSTER = "demo";

    private App() {}

    public static void main(String[] args) {
        // The Pulumi Java SDK's runner loops on a common-pool thread while the program's own tasks
        // need another: with the default parallelism (cores - 1) a 2-core machine has one worker,
        // and the program hangs. Must be set before the common pool is first used.
        if (System.getProperty("java.util.concurrent.ForkJoinPool.common.parallelism") == null) {
            System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism",
                    String.valueOf(Math.max(4, Runtime.getRuntime().availableProcessors())));
        }
        Pulumi.run(App::stack);
    }

    static void stack(Context ctx) {
        var config = ctx.config();
        int embedderCount = config.getInteger("embedderCount").orElse(4);
        List<String> layout = List.of(config.get("layout").orElse("mig-3g.20gb,mig-4g.20gb").split(","));
        boolean addLlama = config.getBoolean("addLlama").orElse(false);

        var l4 = new CapacityProvider("l4", CapacityProviderArgs.builder()
                .cluster(CLUSTER).name("l4").instanceType("g6.12xlarge").maxInstances(4)
                .gpuSharing(GpuSharingArgs.builder().strategy("MPS").build())
                .build());
        var task = new TaskDefinition("embedderTask", TaskDefinitionArgs.builder()
                .cluster(CLUSTER).family("embedder").cpu(1024).memory(2048)
                .containers(ContainerArgs.builder().name("model").image("ghcr.io/acme/embedder:1.4")
                        // 4096 MiB of GPU memory and at most 25 % of the GPU's compute, under MPS
                        .gpu(Map.of("nvidiaMps", Map.of("memory", 4096, "maxComputePercent", 25)))
                        .build())
                .build());
        // referring to the pool's and the task's outputs makes the engine create them first
        var embedder = new Service("embedder", ServiceArgs.builder()
                .cluster(CLUSTER).name("embedder")
                .taskDefinition(task.family()).capacityProvider(l4.name())
                .desiredCount(embedderCount)
                .build());
        var mig = new Endpoint("mig", EndpointArgs.builder()
                .cluster(CLUSTER).name("mig").instanceType("ml.p4d.24xlarge").instanceCount(1)
                .partitionLayout(layout)
                .build());
        var gpt2 = new InferenceComponent("gpt2", InferenceComponentArgs.builder()
                .cluster(CLUSTER).name("gpt2").endpoint(mig.name()).model("gpt2")
                .partitionType("mig-4g.20gb").copyCount(1)
                .build());
        if (addLlama) {
            new InferenceComponent("llama", InferenceComponentArgs.builder()
                    .cluster(CLUSTER).name("llama").endpoint(mig.name()).model("llama-3-8b")
                    .partitionType("mig-3g.20gb").copyCount(1)
                    .build());
        }
        ctx.export("embedderCopies", embedder.copies().applyValue(List::size));
        ctx.export("gpt2Copies", gpt2.copies().applyValue(List::size));
    }
}
