package dev.gpushare.model.dsl;

import static dev.gpushare.model.dsl.Units.gib;
import static dev.gpushare.model.dsl.Units.mib;
import static dev.gpushare.model.dsl.Units.vcpu;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBuilderTest {

    @Test
    void anEmptyClusterIsTheApiVersionAndTheNameWithEmptySections() {
        Spec spec = GpuShare.cluster("empty").build();

        assertThat(spec).isEqualTo(new Spec(Spec.API_VERSION, "empty",
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
    }

    @Test
    void optionalSettingsDefaultAsInTheSpec() {
        ClusterBuilder c = GpuShare.cluster("defaults");
        CapacityProviderRef cp = c.capacityProvider("cp", "g6.12xlarge", 3);
        TaskDefinitionRef td = c.taskDefinition("td", ContainerDef.of("app", "busybox"));
        c.service("svc", td, cp, 2);
        EndpointRef ep = c.endpoint("ep", "ml.g5.xlarge", 1);
        c.inferenceComponent("ic", ep, "m", 1);

        Spec spec = c.build();

        // minInstances 0, gpuSharing null (= default), cpu/memory unset, no GPU, BINPACK,
        // whole-GPU endpoint (no layout), no partitionType/hostMemory/gpuMemory
        assertThat(spec.capacityProviders()).containsExactly(new CapacityProvider("cp", "g6.12xlarge", 0, 3, null));
        assertThat(spec.taskDefinitions()).containsExactly(
                new TaskDefinition("td", null, null, List.of(new Container("app", "busybox", null))));
        assertThat(spec.services()).containsExactly(new Service("svc", "td", "cp", 2, PlacementStrategy.BINPACK));
        assertThat(spec.endpoints()).containsExactly(new Endpoint("ep", "ml.g5.xlarge", 1, null));
        assertThat(spec.inferenceComponents()).containsExactly(new InferenceComponent("ic", "ep", "m", null, 1, null, null));
    }

    @Test
    void everyOptionalSettingReachesTheRecord() {
        ClusterBuilder c = GpuShare.cluster("all-options");
        InstanceTypeRef h100 = c.instanceType("onprem-2xh100", "H100-80GB", 2, 64, gib(512));
        CapacityProviderRef cp = c.capacityProvider("cp", h100, 6,
                o -> o.minInstances(2).sharing(Sharing.mps().maxClientsPerGpu(8)));
        TaskDefinitionRef td = c.taskDefinition("td", o -> o.cpu(vcpu(2)).memory(gib(8)),
                ContainerDef.of("a", "img-a", Gpu.whole(1)),
                ContainerDef.of("b", "img-b"));
        c.service("svc", td, cp, 5, PlacementStrategy.SPREAD);
        EndpointRef ep = c.endpoint("ep", h100, 2, o -> o.partitionLayout(
                MigProfileName.of("3g.40gb"), MigProfileName.of("4g.40gb")));
        c.inferenceComponent("ic", ep, "llama", 3, o -> o.gpuMemory(gib(20)).hostMemory(mib(512)));

        Spec spec = c.build();

        assertThat(spec.capacityProviders()).containsExactly(
                new CapacityProvider("cp", "onprem-2xh100", 2, 6, new GpuSharing.Mps(8)));
        // vcpu(2) = 2048 CPU units, gib(8) = 8192 MiB
        assertThat(spec.taskDefinitions()).containsExactly(new TaskDefinition("td", 2048, 8192, List.of(
                new Container("a", "img-a", new GpuRequirement.Whole(1)), new Container("b", "img-b", null))));
        assertThat(spec.services()).containsExactly(new Service("svc", "td", "cp", 5, PlacementStrategy.SPREAD));
        assertThat(spec.endpoints()).containsExactly(
                new Endpoint("ep", "onprem-2xh100", 2, List.of("3g.40gb", "4g.40gb")));
        // gib(20) = 20480 MiB of GPU memory; the advisor picks the partition type
        assertThat(spec.inferenceComponents()).containsExactly(
                new InferenceComponent("ic", "ep", "llama", null, 3, 512, 20480));
        assertThat(spec.instanceTypes()).singleElement()
                .satisfies(t -> assertThat(t.memoryMiB()).isEqualTo(524_288L)); // 512 × 1024
    }

    @Test
    void declarationsKeepTheirOrder() {
        ClusterBuilder c = GpuShare.cluster("order");
        CapacityProviderRef zeta = c.capacityProvider("zeta", "g6.xlarge", 1);
        CapacityProviderRef alpha = c.capacityProvider("alpha", "g6.xlarge", 1);
        TaskDefinitionRef td = c.taskDefinition("td", ContainerDef.of("app", "img"));
        c.service("s2", td, alpha, 1).service("s1", td, zeta, 1);

        Spec spec = c.build();

        assertThat(spec.capacityProviders()).extracting(CapacityProvider::name).containsExactly("zeta", "alpha");
        assertThat(spec.services()).extracting(Service::name).containsExactly("s2", "s1");
    }

    @Test
    void buildReturnsASnapshotThatLaterDeclarationsDoNotChange() {
        ClusterBuilder c = GpuShare.cluster("snapshots");
        c.capacityProvider("first", "g6.xlarge", 1);
        Spec before = c.build();
        c.capacityProvider("second", "g6.xlarge", 1);

        assertThat(before.capacityProviders()).hasSize(1);
        assertThat(c.build().capacityProviders()).hasSize(2);
    }

    @Test
    void aHandleOfAnotherClusterIsAProgrammingError() {
        ClusterBuilder prod = GpuShare.cluster("prod");
        ClusterBuilder staging = GpuShare.cluster("staging");
        TaskDefinitionRef prodTask = prod.taskDefinition("td", ContainerDef.of("app", "img"));
        CapacityProviderRef stagingCp = staging.capacityProvider("cp", "g6.xlarge", 1);

        assertThatThrownBy(() -> staging.service("svc", prodTask, stagingCp, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TaskDefinitionRef[td]")
                .hasMessageContaining("'prod'")
                .hasMessageContaining("'staging'");
        assertThat(staging.build().services()).isEmpty();
    }

    @Test
    void handlesCarryTheDeclaredName() {
        ClusterBuilder c = GpuShare.cluster("names");

        assertThat(c.capacityProvider("l4-shared", "g6.12xlarge", 1).name()).isEqualTo("l4-shared");
        assertThat(c.taskDefinition("embedder", ContainerDef.of("m", "i")).name()).isEqualTo("embedder");
        assertThat(c.endpoint("ep", "ml.p4d.24xlarge", 1).name()).isEqualTo("ep");
        assertThat(c.instanceType("t", "L4", 1, 4, gib(16)).name()).isEqualTo("t");
    }
}
