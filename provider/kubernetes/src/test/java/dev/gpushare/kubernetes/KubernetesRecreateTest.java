package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the API server never lets change: a pod's resources and a ResourceClaim's devices. A copy
 * whose limits change gets a new pod; a claim name still held by a terminating claim is not
 * written again.
 */
class KubernetesRecreateTest {
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("rc-" + UUID.randomUUID().toString().substring(0, 8));

    private Gpushare open() {
        return Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                KubernetesUrl.DEFAULT_COMPONENT_IMAGE)));
    }

    /** {@code copies} MPS copies of {@code memoryMiB} on one g6.12xlarge (4 x L4). */
    private static Spec spec(String cluster, int memoryMiB) {
        return spec(cluster, 1, memoryMiB);
    }

    private static Spec spec(String cluster, int copies, int memoryMiB) {
        return Specs.mpsService(cluster, copies, memoryMiB, 1);
    }

    private List<Pod> livePods(String cluster) {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems().stream()
                .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    }

    private static String env(Pod p, String name) {
        return p.getSpec().getContainers().getFirst().getEnv().stream().filter(e -> e.getName().equals(name))
                .map(EnvVar::getValue).findFirst().orElse(null);
    }

    /**
     * Four copies of 12,000 MiB fill the four L4s of one instance (one each: two would need 24,000 >
     * 22,563 MiB); at 16,000 MiB each still fits only its own GPU, so the plan moves every copy in
     * place. The GPU cannot hold the old pod next to the new one (28,000 > 22,563 MiB): the batch's
     * check folded each move as stop, then start, and that is the order the pods change in — never
     * two live pods of one copy (watched on the API server); four live pods with the new limit, and
     * the next plan is empty.
     */
    @Test
    void aCopyWhoseMpsLimitChangesInPlaceGetsANewPod() {
        String c = "limit-" + ns;
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec(c, 4, 12_000), 0); Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(spec(c, 4, 12_000)))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(livePods(c)).hasSize(4).allSatisfy(p -> assertThat(env(p, "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT")).contains("12000"));

            Plan bigger = gs.plan(spec(c, 4, 16_000));
            assertThat(bigger.actions()).hasSize(4).allSatisfy(a -> assertThat(a).isInstanceOfSatisfying(Action.MoveCopy.class, m -> {
                assertThat(m.to().getFirst().instanceId()).isEqualTo(m.from().getFirst().instanceId());
                assertThat(m.to().getFirst().gpuIndex()).as("in place").isEqualTo(m.from().getFirst().gpuIndex());
            }));
            Map<String, Set<String>> live = new HashMap<>();
            List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger started = new AtomicInteger();
            try (Watch w = k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", c).watch(new Watcher<>() {
                @Override public synchronized void eventReceived(Watcher.Action action, Pod pod) {
                    String task = pod.getMetadata().getAnnotations().get("gpushare.dev/task");
                    Set<String> pods = live.computeIfAbsent(task, t -> new HashSet<>());
                    if (action == Watcher.Action.DELETED || pod.getMetadata().getDeletionTimestamp() != null) pods.remove(pod.getMetadata().getName());
                    else if (pods.add(pod.getMetadata().getName()) && pods.size() > 1) overlaps.add(task + " " + pods);
                    if (action == Watcher.Action.ADDED) started.incrementAndGet();
                }
                @Override public void onClose(WatcherException cause) {}
            })) {
                KubeClusterWait.until(() -> started.get() == 4); // the watch's initial list: the running pods
                assertThat(gs.apply(bigger)).isInstanceOf(ApplyOutcome.Applied.class);
                KubeClusterWait.until(() -> started.get() == 8);
            }
            assertThat(overlaps).as("copies with two live pods at once").isEmpty();
            assertThat(livePods(c)).hasSize(4).allSatisfy(p -> assertThat(env(p, "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT")).contains("16000"));
            assertThat(gs.plan(spec(c, 4, 16_000)).actions()).as("plan after the change").isEmpty();
            assertThat(gs.destroy(c)).isTrue();
            KubeClusterWait.until(() -> {
                k.agents().settle();
                return Labelled.objects(k.admin(), ns, c).isEmpty();
            });
        }
    }

    /**
     * A destroyed cluster's claim stays, terminating, while its finalizer waits for the claim
     * controller (here: until the stand-in runs). Applying the cluster again must not write that
     * name (HTTP 422 when the device differs; when it does not, the pod would name a claim about to
     * vanish and never be scheduled): the copy gets a claim of its own and is scheduled once the
     * old claim lets the GPU go.
     */
    @Test
    void aClaimStillTerminatingAfterADestroyIsNotReused() {
        String c = "again-" + ns;
        Spec spec = spec(c, 4096);
        try (Fleet fleet = new Fleet(k).forSpec(ns, spec, 1); Gpushare gs = open()) {
            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
            KubeClusterWait.until(() -> claims(c).stream().anyMatch(x -> x.getStatus() != null && x.getStatus().getAllocation() != null));
            assertThat(gs.destroy(c)).isTrue();
            List<ResourceClaim> held = claims(c);
            assertThat(held).as("the destroyed cluster's claim, held by its finalizer").singleElement()
                    .satisfies(x -> assertThat(x.getMetadata().getDeletionTimestamp()).isNotNull());

            assertThat(gs.apply(gs.plan(spec))).isInstanceOf(ApplyOutcome.Applied.class);
            // the old claim holds the GPU until the claim controller lets it go (the stand-in here)
            KubeClusterWait.until(() -> {
                k.agents().settle();
                return livePods(c).size() == 1 && livePods(c).getFirst().getSpec().getNodeName() != null;
            });
            String uses = livePods(c).getFirst().getSpec().getResourceClaims().getFirst().getResourceClaimName();
            assertThat(uses).isNotEqualTo(held.getFirst().getMetadata().getName());
            assertThat(gs.plan(spec).actions()).as("plan after the second apply").isEmpty();
            assertThat(gs.destroy(c)).isTrue();
            KubeClusterWait.until(() -> {
                k.agents().settle();
                return Labelled.objects(k.admin(), ns, c).isEmpty();
            });
        }
    }

    private List<ResourceClaim> claims(String cluster) {
        return k.admin().resources(ResourceClaim.class).inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems();
    }
}
