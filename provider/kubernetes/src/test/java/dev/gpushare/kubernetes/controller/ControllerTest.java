package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.KubernetesUrl;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.kubernetes.testing.Crds;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.Kubectl;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The controller against the real API server, with the stand-in kubelet: it converges the custom
 * resources, restores a deleted pod and a deleted claim, follows kubectl scale (and an HPA-shaped
 * patch of spec.desiredCount), says in the status which nodes are missing, and replaces a node after
 * the repair grace when it turns NotReady, when its MPS control daemon turns non-Ready and when its
 * MIG configuration fails. One controller for the class, the scenarios in order.
 *
 * <p>The fleet: two g6.12xlarge nodes (4 × L4 each). A copy takes 11,264 MiB of an L4's 22,563:
 * 2 per GPU, 8 per node. 4 copies → one node, the other free (the repair's spare).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ControllerTest {
    static final Duration GRACE = Duration.ofSeconds(5);
    /** How long after the grace a repair may take: the reconcile, the pods' writes, a loaded machine. */
    static final Duration REPAIR_SLACK = Duration.ofSeconds(15);
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("ctl-" + UUID.randomUUID().toString().substring(0, 8));
    private final String cluster = "fleet-" + ns;
    private Fleet fleet;
    private StandInKubelet kubelet;
    private Controller controller;
    private KubernetesBackend backend;

    static Spec spec(String cluster, int count) {
        return SpecReader.bind(List.of(SpecReader.parse("spec.yaml", """
                apiVersion: gpushare.dev/v1
                cluster: %s
                capacityProviders:
                  - {name: l4-mps, instanceType: g6.12xlarge, maxInstances: 3, gpuSharing: {strategy: MPS}}
                taskDefinitions:
                  - family: embedder
                    cpu: 2048
                    memory: 4096
                    containers: [{name: model, image: ghcr.io/acme/bge-large:1.5, gpu: {nvidiaMps: {memory: 11264, maxComputePercent: 50}}}]
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4-mps, desiredCount: %d}
                """.formatted(cluster, count)))).spec();
    }

    @BeforeAll
    void start() {
        Crds.install(k.admin());
        fleet = new Fleet(k);
        fleet.add(ns, "g6.12xlarge", 2);
        kubelet = new StandInKubelet(k);
        for (GenericKubernetesResource r : SpecResources.of(spec(cluster, 4), ns)) {
            k.admin().genericKubernetesResources(ResourceSpecs.context(CrdKind.ofKind(r.getKind()).orElseThrow())).inNamespace(ns).resource(r).create();
        }
        backend = KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA, KubernetesUrl.DEFAULT_COMPONENT_IMAGE));
        controller = new Controller(backend, new ControllerOptions(List.of(), GRACE, Duration.ofSeconds(30), -1, ns,
                "gpushare-controller", "test-" + ns, Duration.ofSeconds(6), -1, null, null), System.out);
        controller.start();
    }

    @AfterAll
    void stop() {
        if (controller != null) controller.close();
        if (backend != null) {
            backend.destroy(cluster);
            backend.close();
        }
        if (kubelet != null) kubelet.close();
        k.agents().settle();
        if (fleet != null) fleet.close();
    }

    private List<Pod> livePods() {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems().stream()
                .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    }

    private GenericKubernetesResource service() {
        return k.admin().genericKubernetesResources(ResourceSpecs.context(CrdKind.SERVICE)).inNamespace(ns).withName("embedder").get();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> condition(String type) {
        Object status = service().getAdditionalProperties().get("status");
        if (!(status instanceof Map<?, ?> s) || !(s.get("conditions") instanceof List<?> cs)) return Map.of();
        for (Object c : cs) if (c instanceof Map<?, ?> m && type.equals(m.get("type"))) return (Map<String, Object>) m;
        return Map.of();
    }

    private Object statusField(String field) {
        Object status = service().getAdditionalProperties().get("status");
        return status instanceof Map<?, ?> s ? s.get(field) : null;
    }

    static long waitUntil(String what, Duration limit, BooleanSupplier done) {
        long t0 = System.nanoTime();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - t0 > limit.toNanos()) throw new AssertionError(what + ": not reached within " + limit.toSeconds() + " s");
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private boolean readyWith(int copies) {
        return livePods().size() == copies && "True".equals(condition("Ready").get("status"))
                && Integer.valueOf(copies).equals(statusField("replicas") == null ? null : ((Number) statusField("replicas")).intValue());
    }

    @Test
    @Order(1)
    void convergesTheCustomResourcesAndSaysSoInTheStatus() {
        waitUntil("4 copies and Ready", Duration.ofSeconds(90), () -> readyWith(4));
        assertThat(condition("Ready").get("reason")).isEqualTo("Converged");
        assertThat(statusField("selector")).isEqualTo("gpushare.dev/cluster=" + cluster + ",gpushare.dev/service=embedder");
        assertThat(controller.metrics().reconciles("applied")).isPositive();
    }

    @Test
    @Order(2)
    void aDeletedPodIsMadeAgain() {
        Pod victim = livePods().getFirst();
        String task = victim.getMetadata().getAnnotations().get("gpushare.dev/task");
        Kubectl.run(k, null, "delete", "pod", "-n", ns, victim.getMetadata().getName(), "--wait=false").ok();
        long ms = waitUntil("the copy's pod back", Duration.ofSeconds(60), () -> livePods().size() == 4
                && livePods().stream().anyMatch(p -> task.equals(p.getMetadata().getAnnotations().get("gpushare.dev/task"))
                        && !p.getMetadata().getUid().equals(victim.getMetadata().getUid())));
        System.out.println("pod of " + task + " deleted → made again in " + ms + " ms");
    }

    @Test
    @Order(3)
    void aDeletedClaimIsMadeAgain() {
        List<ResourceClaim> claims = k.admin().resources(ResourceClaim.class).inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems();
        assertThat(claims).isNotEmpty();
        String name = claims.getFirst().getMetadata().getName();
        String uid = claims.getFirst().getMetadata().getUid();
        Kubectl.run(k, null, "delete", "resourceclaim", "-n", ns, name, "--wait=false").ok();
        long ms = waitUntil("the claim back", Duration.ofSeconds(60), () -> {
            ResourceClaim c = k.admin().resources(ResourceClaim.class).inNamespace(ns).withName(name).get();
            return c != null && !c.getMetadata().getUid().equals(uid) && c.getMetadata().getDeletionTimestamp() == null && livePods().size() == 4;
        });
        System.out.println("claim " + name + " deleted → made again in " + ms + " ms");
    }

    @Test
    @Order(4)
    void kubectlScaleAndAnHpaShapedPatchArePlaced() {
        Kubectl.run(k, null, "scale", "gpuservice/embedder", "-n", ns, "--replicas", "10").ok();
        waitUntil("10 copies", Duration.ofSeconds(90), () -> readyWith(10));
        // what a HorizontalPodAutoscaler or KEDA writes: spec.desiredCount through the scale subresource's target
        Kubectl.run(k, null, "patch", "gpuservice/embedder", "-n", ns, "--type", "merge", "-p", "{\"spec\":{\"desiredCount\":6}}").ok();
        waitUntil("6 copies", Duration.ofSeconds(90), () -> readyWith(6));
        assertThat(Kubectl.run(k, null, "get", "gpuservice/embedder", "-n", ns, "-o", "jsonpath={.status.replicas}").ok().out()).isEqualTo("6");
    }

    @Test
    @Order(5)
    void tooFewNodesIsDegradedNamingTheNodesToAdd() {
        // 20 copies need 3 nodes of 8; 2 exist: 16 placed, 4 wait for 1 more g6.12xlarge
        Kubectl.run(k, null, "scale", "gpuservice/embedder", "-n", ns, "--replicas", "20").ok();
        waitUntil("Degraded", Duration.ofSeconds(90), () -> "True".equals(condition("Degraded").get("status")) && livePods().size() == 16);
        assertThat(condition("Degraded").get("reason")).isEqualTo("NO_FREE_NODE");
        assertThat((String) condition("Degraded").get("message")).contains("4 copies not placed")
                .contains("add 1 nodes labelled node.kubernetes.io/instance-type=g6.12xlarge");
        assertThat(condition("Ready").get("status")).isEqualTo("False");
        assertThat((List<?>) statusField("unplaced")).hasSize(4);
        Kubectl.run(k, null, "scale", "gpuservice/embedder", "-n", ns, "--replicas", "4").ok();
        waitUntil("back to 4", Duration.ofSeconds(90), () -> readyWith(4) && "False".equals(condition("Degraded").get("status")));
    }

    /**
     * Makes the node that runs the copies unhealthy with {@code sicken}, then waits until every copy
     * runs on another node and the sick node is released, with no command run: at least the grace,
     * at most the grace and a few seconds (printed); {@code heal} makes the node a healthy spare for
     * the next scenario. Returns the time from sick to moved, in ms.
     */
    private long replacedAfterTheGrace(String signal, java.util.function.Consumer<String> sicken, java.util.function.Consumer<String> heal,
                                       int repairs) {
        String sick = livePods().getFirst().getSpec().getNodeSelector().get("gpushare.dev/instance");
        String node = k.admin().nodes().withLabel("gpushare.dev/cluster", cluster).withLabel("gpushare.dev/instance", sick)
                .list().getItems().getFirst().getMetadata().getName();
        long t0 = System.nanoTime();
        sicken.accept(node);
        waitUntil("copies on another node", GRACE.plusSeconds(60), () -> livePods().size() == 4
                && livePods().stream().noneMatch(p -> sick.equals(p.getSpec().getNodeSelector().get("gpushare.dev/instance"))));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("node " + node + " " + signal + " → its 4 copies on a free node in " + ms + " ms (repair grace "
                + GRACE.toMillis() + " ms)");
        assertThat(ms).as("not before the grace").isGreaterThanOrEqualTo(GRACE.toMillis());
        assertThat(ms).as("within the grace and a few seconds").isLessThan(GRACE.toMillis() + REPAIR_SLACK.toMillis());
        waitUntil("the sick node released", Duration.ofSeconds(30), () -> !k.admin().nodes().withName(node).get().getMetadata().getLabels()
                .containsKey("gpushare.dev/cluster"));
        // the repair is counted when the reconcile that applied it ends, which may be after the pods moved
        waitUntil("the repair counted", Duration.ofSeconds(30),
                () -> controller.metrics().text().contains("gpushare_controller_repairs_total " + repairs));
        heal.accept(node);
        return ms;
    }

    @Test
    @Order(6)
    void aNotReadyNodeIsReplacedAfterTheGrace() {
        replacedAfterTheGrace("NotReady", n -> k.nodes().setReady(n, false), n -> k.nodes().setReady(n, true), 1);
    }

    /**
     * The device plugin's MPS control daemon on the copies' node turns non-Ready (its readiness
     * probe fails: the daemon stopped answering): the copies move to the free node and the node is
     * released, as ECS Managed Instances replace an instance whose MPS daemon is unhealthy.
     */
    @Test
    @Order(7)
    void aNonReadyMpsControlDaemonIsReplacedAfterTheGrace() {
        replacedAfterTheGrace("MPS control daemon not Ready", n -> {
            Pod daemon = k.admin().pods().inNamespace(ns).resource(new io.fabric8.kubernetes.api.model.PodBuilder()
                    .withNewMetadata().withName("mps-control-daemon-" + n).withLabels(Map.of("app", "nvidia-device-plugin-mps-control-daemon")).endMetadata()
                    .withNewSpec().withNodeName(n).addNewContainer().withName("mps-control-daemon").withImage("nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
                    .endContainer().endSpec().build()).create();
            daemon.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Running")
                    .addNewCondition().withType("Ready").withStatus("False").withReason("ContainersNotReady").endCondition().build());
            k.admin().pods().inNamespace(ns).resource(daemon).updateStatus();
        }, n -> k.admin().pods().inNamespace(ns).withName("mps-control-daemon-" + n).withGracePeriod(0).delete(), 2);
    }

    /** The GPU Operator's MIG manager reports {@code nvidia.com/mig.config.state=failed} on the copies' node. */
    @Test
    @Order(8)
    void aFailedMigConfigurationIsReplacedAfterTheGrace() {
        replacedAfterTheGrace("nvidia.com/mig.config.state=failed",
                n -> k.admin().nodes().withName(n).edit(x -> { x.getMetadata().getLabels().put("nvidia.com/mig.config.state", "failed"); return x; }),
                n -> k.admin().nodes().withName(n).edit(x -> { x.getMetadata().getLabels().remove("nvidia.com/mig.config.state"); return x; }), 3);
    }
}
