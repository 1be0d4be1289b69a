package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.kubernetes.internal.DeviceClaims;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real kube-scheduler, run on the claims gpushare writes, allocates each of them to the device
 * gpushare planned: the GPU of that index on that instance's node (for MIG, an instance of the
 * planned profile and start on that GPU, after the MIG manager stand-in created them).
 */
class SchedulerAllocationTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"examples/mps-sharing/spec.yaml", "examples/ecs-gpu-tasks/spec.yaml",
            "examples/kubernetes/mig-provider.yaml", "examples/kubernetes/time-slicing.yaml"})
    void everyClaimIsAllocatedToThePlannedDevice(String example) {
        KubeCluster k = KubeCluster.shared();
        String ns = k.namespace("sched-" + UUID.randomUUID().toString().substring(0, 8));
        Spec spec = Specs.named(Specs.read(example), "sched-" + ns);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 0);
             Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                     KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
            Plan plan = gs.plan(spec);
            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            k.agents().settle(); // the MIG manager stand-in creates the planned MIG instances

            // what gpushare planned, per claim: node and device name as the NVIDIA DRA driver names it
            Map<String, String> planned = new TreeMap<>();
            for (Instance i : plan.desired().instances()) {
                Node node = k.admin().nodes().withLabel("gpushare.dev/cluster", spec.cluster())
                        .withLabel("gpushare.dev/instance", i.id().toString()).list().getItems().getFirst();
                for (Gpu g : i.gpus()) {
                    for (Allocation a : g.allocations()) {
                        String device = a.partition() == null ? "gpu-" + g.index()
                                : "gpu-" + g.index() + "-mig-" + a.partition().profile().replace(".", "") + "-";
                        String end = a.partition() == null ? "" : "-" + a.partition().start();
                        planned.put(new DeviceClaims.Target(i.id().toString(), g.index(), g.mode(),
                                a.partition() == null ? null : a.partition().profile(),
                                a.partition() == null ? null : a.partition().start()).claimName(spec.cluster()), node.getMetadata().getName() + " " + device + "*" + end);
                    }
                }
            }
            List<ResourceClaim> claims = new ArrayList<>();
            KubeClusterWait.until(() -> {
                claims.clear();
                claims.addAll(k.admin().resources(ResourceClaim.class).inNamespace(ns).list().getItems());
                return !claims.isEmpty() && claims.stream().allMatch(c -> c.getStatus() != null && c.getStatus().getAllocation() != null);
            });
            assertThat(claims).hasSize((int) planned.values().stream().distinct().count());
            for (ResourceClaim c : claims) {
                List<DeviceRequestAllocationResult> results = c.getStatus().getAllocation().getDevices().getResults();
                assertThat(results).hasSize(1);
                String got = results.getFirst().getPool() + " " + results.getFirst().getDevice();
                String want = planned.get(c.getMetadata().getName());
                assertThat(want).as("claim %s is one gpushare planned", c.getMetadata().getName()).isNotNull();
                String[] parts = want.split("\\*", -1);
                assertThat(got).as("claim %s", c.getMetadata().getName()).startsWith(parts[0]).endsWith(parts[1]);
            }
            gs.destroy(spec.cluster());
            k.agents().settle();
        }
    }
}
