package dev.gpushare.examples;

import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.percent;
import static dev.gpushare.model.dsl.Units.vcpu;

import dev.gpushare.model.Spec;
import dev.gpushare.model.dsl.CapacityProviderRef;
import dev.gpushare.model.dsl.ClusterBuilder;
import dev.gpushare.model.dsl.Gpu;
import dev.gpushare.model.dsl.GpuShare;
import dev.gpushare.model.dsl.Sharing;
import dev.gpushare.model.dsl.TaskDefinitionRef;

/**
 * examples/unhealthy-replacement/spec.yaml in Java: sixteen MPS copies, two per L4 (11,264 MiB of
 * GPU memory and 50% compute each), filling two g6.12xlarge instances; maxInstances 3 leaves room
 * for the replacement of an unhealthy one.
 */
public final class UnhealthyReplacement {
    private UnhealthyReplacement() {}

    public static Spec spec() {
        ClusterBuilder c = GpuShare.cluster("mps-fleet");
        CapacityProviderRef l4 = c.capacityProvider("l4-mps", "g6.12xlarge", 3, cp -> cp.sharing(Sharing.mps()));
        TaskDefinitionRef embedder = c.taskDefinition("embedder", td -> td.cpu(vcpu(2)).memory(mib(4096)),
                GpuShare.container("model", "ghcr.io/acme/bge-large:1.5", Gpu.mps(mib(11264), percent(50))));
        c.service("embedder", embedder, l4, 16);
        return c.build();
    }

    public static void main(String[] args) {
        System.exit(ExampleMain.run(spec()));
    }
}
