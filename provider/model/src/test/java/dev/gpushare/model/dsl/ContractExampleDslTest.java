package dev.gpushare.model.dsl;

import static dev.gpushare.model.dsl.Units.cpuUnits;
import static dev.gpushare.model.dsl.Units.gib;
import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CONTRACT.md §1 example, written with the DSL, gives the records the document means. */
class ContractExampleDslTest {

    /**
     * The example in the DSL. The document leaves {@code maxInstances} of {@code l4-quarter} out
     * although the schema requires it; the DSL makes it a parameter, so this uses 4.
     */
    static Spec contractExample() {
        ClusterBuilder c = GpuShare.cluster("inference-prod");
        InstanceTypeRef onprem = c.instanceType("onprem-8xh100", "H100-80GB", 8, 192, gib(2048));
        CapacityProviderRef l4Shared = c.capacityProvider("l4-shared", "g6.12xlarge", 8,
                cp -> cp.minInstances(0).sharing(Sharing.mps()));
        c.capacityProvider("l4-quarter", "g6f.2xlarge", 4);
        TaskDefinitionRef embedder = c.taskDefinition("embedder",
                td -> td.cpu(cpuUnits(1024)).memory(mib(2048)),
                GpuShare.container("model", "ghcr.io/acme/embedder:1.4", Gpu.mps(mib(4096), percent(25))));
        c.service("embedder", embedder, l4Shared, 12, PlacementStrategy.BINPACK);
        EndpointRef demo = c.endpoint("partition-demo", "ml.p4d.24xlarge", 1,
                e -> e.partitionLayout("mig-3g.20gb", "mig-4g.20gb"));
        c.inferenceComponent("demo-ic-4g", demo, "gpt2", 1,
                ic -> ic.partitionType("mig-4g.20gb").hostMemory(mib(1024)));
        assertThat(onprem.name()).isEqualTo("onprem-8xh100");
        return c.build();
    }

    @Test
    void contractExampleBuildsTheRecordsTheDocumentMeans() {
        Spec expected = new Spec(
                "gpushare.dev/v1",
                "inference-prod",
                List.of(
                        new CapacityProvider("l4-shared", "g6.12xlarge", 0, 8, new GpuSharing.Mps(null)),
                        // gpuSharing left out: null is "the default" (the hardware slice here)
                        new CapacityProvider("l4-quarter", "g6f.2xlarge", 0, 4, null)),
                List.of(new TaskDefinition("embedder", 1024, 2048, List.of(
                        new Container("model", "ghcr.io/acme/embedder:1.4",
                                new GpuRequirement.NvidiaMps(4096, 25))))),
                List.of(new Service("embedder", "embedder", "l4-shared", 12, PlacementStrategy.BINPACK)),
                List.of(new Endpoint("partition-demo", "ml.p4d.24xlarge", 1, List.of("mig-3g.20gb", "mig-4g.20gb"))),
                List.of(new InferenceComponent("demo-ic-4g", "partition-demo", "gpt2", "mig-4g.20gb", 1, 1024, null)),
                // 2048 GiB = 2,097,152 MiB, the document's memoryMiB
                List.of(new InstanceTypeDef("onprem-8xh100", "H100-80GB", 8, 192, 2_097_152L)));

        assertThat(contractExample()).isEqualTo(expected);
    }
}
