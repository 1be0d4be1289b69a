package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;

import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.EndpointRef;
import dev.gpushare.model.dsl.GpuShare;

/**
 * examples/sagemaker-mig/spec.yaml in Java: an ml.p4d.24xlarge endpoint whose A100 GPUs each carry
 * a 3g.20gb and a 4g.20gb MIG instance, hosting three models by name.
 */
public final class SagemakerMig {
    private SagemakerMig() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("sagemaker-mig");
        EndpointRef demo = c.endpoint("partition-demo", "ml.p4d.24xlarge", 1,
                e -> e.partitionLayout("mig-3g.20gb", "mig-4g.20gb"));
        c.inferenceComponent("chat", demo, "llama-3-8b-instruct", 4,
                ic -> ic.partitionType("mig-4g.20gb").hostMemory(mib(16384)));
        c.inferenceComponent("embed", demo, "e5-large-v2", 5,
                ic -> ic.partitionType("mig-3g.20gb").hostMemory(mib(4096)));
        c.inferenceComponent("summarize", demo, "bart-large-cnn", 2,
                ic -> ic.partitionType("mig-3g.20gb"));
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
