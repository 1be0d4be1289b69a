package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.cpuUnits;
import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;

import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.EndpointRef;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;
import dev.gpushare.model.io.SpecReader;

/** examples/contract-example/spec.yaml (the example of CONTRACT.md §1) in Java. */
public final class ContractExample {
    private ContractExample() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("inference-prod");
        CapacityProviderRef l4 = c.capacityProvider("l4-shared", "g6.12xlarge", 8, cp -> cp.sharing(Sharing.mps()));
        // a fractional instance (1/4 of an L4): no sharing strategy; the YAML gives no maxInstances,
        // which reads as "no limit"
        c.capacityProvider("l4-quarter", "g6f.2xlarge", SpecReader.NO_INSTANCE_LIMIT);

        TaskDefinitionRef embedder = c.taskDefinition("embedder", td -> td.cpu(cpuUnits(1024)).memory(mib(2048)),
                GpuShare.container("model", "ghcr.io/acme/embedder:1.4", Gpu.mps(mib(4096), percent(25))));
        c.service("embedder", embedder, l4, 12);

        EndpointRef demo = c.endpoint("partition-demo", "ml.p4d.24xlarge", 1,
                e -> e.partitionLayout("mig-3g.20gb", "mig-4g.20gb"));
        c.inferenceComponent("demo-ic-4g", demo, "gpt2", 1,
                ic -> ic.partitionType("mig-4g.20gb").hostMemory(mib(1024)));

        c.instanceType("onprem-8xh100", "H100-80GB", 8, 192, mib(2097152));
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
