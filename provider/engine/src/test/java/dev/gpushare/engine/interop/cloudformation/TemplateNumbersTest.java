package dev.gpushare.engine.interop.cloudformation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.cost.PoolUsage;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The numbers in the template are the plan's: each Auto Scaling group's desired capacity is the
 * instance count gpushare's placement gives its pool (and its min and max the pool's), the outputs
 * carry those counts and the plan's $/hour, each MPS container's Memory is the MiB the placement
 * allocates it on its GPU, each service's desired count and each component's copy count are the
 * copies placed, each endpoint's instance count the instances placed.
 */
class TemplateNumbersTest {

    static Stream<Path> specs() {
        return Templates.specs().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void templateNumbersAreThePlans(Path specFile) {
        Templates.Exported e = Templates.export(specFile, EcsCapacity.EC2);
        Spec spec = e.spec().spec();
        FleetState placed = e.placed();
        JsonNode t = TemplateWriter.tree(e.export().template());
        JsonNode resources = t.path("Resources");
        JsonNode outputs = t.path("Outputs");
        int checked = 0;
        for (CapacityProvider cp : spec.capacityProviders()) {
            JsonNode provider = resource(resources, "AWS::ECS::CapacityProvider", "Name", cp.name());
            if (provider == null) continue; // MIG or time-slicing: not in the template (TemplateNotesTest)
            int count = instances(placed, new Owner.CapacityProvider(cp.name()));
            JsonNode asg = resources.path(provider.at("/Properties/AutoScalingGroupProvider/AutoScalingGroupArn/Ref").asString()).path("Properties");
            assertThat(asg.path("DesiredCapacity").asString()).as(cp.name()).isEqualTo(Integer.toString(Math.max(count, cp.minInstances())));
            assertThat(asg.path("MinSize").asString()).isEqualTo(Integer.toString(cp.minInstances()));
            if (cp.maxInstances() != Integer.MAX_VALUE) assertThat(asg.path("MaxSize").asString()).isEqualTo(Integer.toString(cp.maxInstances()));
            assertPoolOutputs(outputs, e, cp.name(), count, false);
            checked++;
        }
        for (TaskDefinition td : spec.taskDefinitions()) {
            JsonNode r = resource(resources, "AWS::ECS::TaskDefinition", "Family", td.family());
            if (r == null) continue;
            for (int c = 0; c < td.containers().size(); c++) {
                Container container = td.containers().get(c);
                JsonNode req = r.at("/Properties/ContainerDefinitions/" + c + "/ResourceRequirements/0");
                switch (container.gpu()) {
                    case null -> assertThat(req.isMissingNode()).isTrue();
                    case GpuRequirement.NvidiaMps m -> {
                        long memory = req.at("/SharingStrategy/NvidiaMps/Memory").asLong();
                        assertThat(memory).isEqualTo(m.memoryMiB());
                        // every placed copy of every service of this family holds exactly that much on its GPU
                        for (Allocation a : allocations(placed, spec, td.family(), container.name())) {
                            assertThat(a.memoryMiB()).as(a.task() + " " + a.container()).isEqualTo(memory);
                        }
                    }
                    case GpuRequirement.Whole w -> assertThat(req.path("Value").asString()).isEqualTo(Integer.toString(w.count()));
                    case GpuRequirement.All a -> assertThat(req.path("Value").asString()).isEqualTo("ALL");
                    case GpuRequirement.Fraction f -> assertThat(new BigDecimal(req.path("Value").asString())).isEqualByComparingTo(f.value());
                    case GpuRequirement.Partition p -> throw new AssertionError("a MIG task definition is in the template: " + td.family());
                }
            }
            checked++;
        }
        for (Service s : spec.services()) {
            JsonNode r = resource(resources, "AWS::ECS::Service", "ServiceName", s.name());
            if (r == null) continue;
            assertThat(r.at("/Properties/DesiredCount").asInt()).isEqualTo(s.desiredCount()).isEqualTo(copies(placed, s.name()));
            checked++;
        }
        for (Endpoint ep : spec.endpoints()) {
            int count = instances(placed, new Owner.Endpoint(ep.name()));
            JsonNode config = resource(resources, "AWS::SageMaker::EndpointConfig", "EndpointConfigName", ep.name() + "-cfg");
            if (config != null) assertThat(config.at("/Properties/ProductionVariants/0/InitialInstanceCount").asInt()).isEqualTo(count);
            assertPoolOutputs(outputs, e, ep.name(), count, true);
            checked++;
        }
        for (InferenceComponent ic : spec.inferenceComponents()) {
            JsonNode r = resource(resources, "AWS::SageMaker::InferenceComponent", "InferenceComponentName", ic.name());
            if (r == null) continue;
            assertThat(r.at("/Properties/RuntimeConfig/CopyCount").asInt()).isEqualTo(ic.copyCount()).isEqualTo(copies(placed, ic.name()));
            checked++;
        }
        assertThat(checked).as("something of " + specFile + " is in the template").isPositive();
    }

    /**
     * The spec with every sharing form, worked out by hand (usable MiB from the catalog):
     * l4-mps: 10 copies of 4096 + 2048 = 6144 MiB; an L4 has 22563 usable, so 3 copies a GPU, 4 GPUs,
     * one g6.12xlarge (minInstances 1, maxInstances 4). a10g-whole: 3 copies × 2 whole GPUs = 6
     * GPUs, 4 a g5.12xlarge: 2 instances. t4-all: 2 copies of ALL on 1-GPU g4dn.xlarge: 2.
     * l4-quarter: 2 copies of 0.25 on g6f.2xlarge (one slice each): 2. Endpoint chat: 2 instances,
     * 2 copies of chat-7b; partition-demo: 1 instance (outside the stack's config).
     */
    @Test
    void theEveryFormSpecByHand() {
        JsonNode t = TemplateWriter.tree(Templates.export(Templates.EVERY_FORM, EcsCapacity.EC2).export().template());
        JsonNode r = t.path("Resources");
        Map<String, String> desired = Map.of("L4MpsAutoScalingGroup", "1", "A10gWholeAutoScalingGroup", "2",
                "T4AllAutoScalingGroup", "2", "L4QuarterAutoScalingGroup", "2");
        desired.forEach((id, n) -> assertThat(r.at("/" + id + "/Properties/DesiredCapacity").asString()).as(id).isEqualTo(n));
        assertThat(r.at("/L4MpsAutoScalingGroup/Properties/MinSize").asString()).isEqualTo("1");
        assertThat(r.at("/L4MpsAutoScalingGroup/Properties/MaxSize").asString()).isEqualTo("4");
        assertThat(r.at("/EmbedderTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/SharingStrategy/NvidiaMps/Memory").asInt()).isEqualTo(4096);
        assertThat(r.at("/EmbedderTaskDefinition/Properties/ContainerDefinitions/1/ResourceRequirements/0/SharingStrategy/NvidiaMps/Memory").asInt()).isEqualTo(2048);
        assertThat(r.at("/EmbedderTaskDefinition/Properties/ContainerDefinitions/1/ResourceRequirements/0/SharingStrategy/NvidiaMps").has("MaxComputePercent")).isFalse();
        assertThat(r.at("/TrainerTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/Value").asString()).isEqualTo("2");
        assertThat(r.at("/WholeNodeTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/Value").asString()).isEqualTo("ALL");
        assertThat(r.at("/OcrTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/Value").asString()).isEqualTo("0.25");
        assertThat(r.at("/EmbedderService/Properties/DesiredCount").asInt()).isEqualTo(10);
        assertThat(r.at("/ChatEndpointConfig/Properties/ProductionVariants/0/InitialInstanceCount").asInt()).isEqualTo(2);
        assertThat(r.at("/Chat7bInferenceComponent/Properties/RuntimeConfig/CopyCount").asInt()).isEqualTo(2);
        assertThat(r.at("/Chat7bInferenceComponent/Properties/Specification/ComputeResourceRequirements/MinMemoryRequiredInMb").asInt()).isEqualTo(16384);
        JsonNode o = t.path("Outputs");
        assertThat(o.at("/L4MpsInstances/Value").asString()).isEqualTo("1");
        assertThat(o.at("/PartitionDemoInstances/Value").asString()).isEqualTo("1");
        // g6.12xlarge On-Demand in the catalog: 4.6016 $/hour
        assertThat(o.at("/L4MpsCostPerHour/Value").asString()).isEqualTo("4.6016");
        assertThat(r.has("H100MigCapacityProvider")).isFalse();
        assertThat(r.has("L4SlicedCapacityProvider")).isFalse();
        assertThat(r.has("MigTaskTaskDefinition")).isFalse();
    }

    private static void assertPoolOutputs(JsonNode outputs, Templates.Exported e, String pool, int count, boolean endpoint) {
        String base = dev.gpushare.engine.interop.cloudformation.internal.LogicalIds.pascal(pool);
        assertThat(outputs.at("/" + base + "Instances/Value").asString()).as(pool).isEqualTo(Integer.toString(count));
        BigDecimal cost = BigDecimal.ZERO;
        for (PoolUsage p : dev.gpushare.engine.cost.FleetUsage.of(e.placed(), e.spec()).pools()) {
            if (pool.equals(endpoint ? p.endpoint() : p.capacityProvider())) cost = p.costPerHour();
        }
        assertThat(new BigDecimal(outputs.at("/" + base + "CostPerHour/Value").asString())).as(pool).isEqualByComparingTo(cost);
    }

    private static JsonNode resource(JsonNode resources, String type, String property, String value) {
        for (JsonNode r : resources) {
            if (r.path("Type").asString().equals(type) && r.at("/Properties/" + property).asString("").equals(value)) return r;
        }
        return null;
    }

    private static int instances(FleetState placed, Owner owner) {
        int n = 0;
        for (Instance i : placed.instances()) if (i.owner().equals(owner)) n++;
        return n;
    }

    private static int copies(FleetState placed, String group) {
        Set<TaskId> copies = new HashSet<>();
        for (Instance i : placed.instances()) {
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) if (a.task().group().equals(group)) copies.add(a.task());
        }
        return copies.size();
    }

    private static java.util.List<Allocation> allocations(FleetState placed, Spec spec, String family, String container) {
        Set<String> services = new HashSet<>();
        for (Service s : spec.services()) if (s.taskDefinition().equals(family)) services.add(s.name());
        java.util.List<Allocation> out = new java.util.ArrayList<>();
        for (Instance i : placed.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) if (services.contains(a.task().group()) && a.container().equals(container)) out.add(a);
            }
        }
        return out;
    }
}
