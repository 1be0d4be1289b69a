package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.kubernetes.KubernetesBackend;
import dev.gpushare.kubernetes.KubernetesUrl;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import dev.gpushare.model.io.SpecWriter;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.Watch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21, item 7: a controller process SIGKILLed in the middle of an apply and started again, and
 * the API server restarted under a running controller (the change made while it was down, and the
 * restart in the middle of the apply that follows): both converge, nothing lost (every copy runs,
 * the next plan is empty) and nothing duplicated (never two live pods of one copy, watched on the
 * API server; one claim per GPU in use; the nodes the placement needs, no more).
 *
 * <p>The fleet: two g6.12xlarge nodes (4 × L4). A copy takes 11,264 MiB of an L4's 22,563: 2 per
 * GPU, 8 per node; 16 copies fill both nodes (8 GPUs, 8 claims), 4 copies one node's 2 GPUs.
 */
class ControllerRestartTest {
    static final int LEASE_SECONDS = 6;
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("rst-" + UUID.randomUUID().toString().substring(0, 8));
    private final String cluster = "rst-" + ns;

    private List<Pod> livePods() {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems().stream()
                .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    }

    private List<ResourceClaim> liveClaims() {
        return k.admin().resources(ResourceClaim.class).inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems()
                .stream().filter(c -> c.getMetadata().getDeletionTimestamp() == null).toList();
    }

    /** Every copy once, one claim per GPU used, the nodes it needs, and nothing left to plan. */
    private void convergedWith(int copies, int gpus, int nodes) {
        List<Pod> pods = livePods();
        assertThat(pods).hasSize(copies);
        Set<String> tasks = new HashSet<>();
        for (Pod p : pods) tasks.add(p.getMetadata().getAnnotations().get("gpushare.dev/task"));
        assertThat(tasks).as("one pod per copy").hasSize(copies);
        Set<String> used = new HashSet<>();
        for (Pod p : pods) p.getSpec().getResourceClaims().forEach(rc -> used.add(rc.getResourceClaimName()));
        assertThat(used).as("claims the pods use").hasSize(gpus);
        assertThat(liveClaims()).as("live claims").hasSize(gpus);
        assertThat(k.admin().nodes().withLabel("gpushare.dev/cluster", cluster).list().getItems()).as("claimed nodes").hasSize(nodes);
        try (Gpushare gs = Gpushare.using(KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                KubernetesUrl.DEFAULT_COMPONENT_IMAGE)))) {
            assertThat(gs.plan(ControllerTest.spec(cluster, copies)).isEmpty()).as("the next plan is empty").isTrue();
        }
    }

    private void cleanUp() {
        try (var backend = KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA, KubernetesUrl.DEFAULT_COMPONENT_IMAGE))) {
            backend.destroy(cluster);
        }
        k.agents().settle();
    }

    @Test
    void aControllerKilledMidApplyAndStartedAgainConvergesWithNothingLostOrDuplicated(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("spec.yaml");
        Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 16)));
        String kubeconfig = k.kubeconfig().toString();
        AtomicInteger started = new AtomicInteger();
        Process[] a = new Process[1];
        Process b = null;
        ControllerProcesses.NoDuplicates watch = new ControllerProcesses.NoDuplicates() {
            @Override void added(Action action, Pod pod) {
                // SIGKILL as the apply's first pod appears: the rest of its batch is never written
                if (action == Action.ADDED && started.incrementAndGet() == 1 && a[0] != null) a[0].destroyForcibly();
            }
        };
        try (Fleet fleet = new Fleet(k); StandInKubelet kubelet = new StandInKubelet(k);
             Watch w = k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).watch(watch)) {
            fleet.add(ns, "g6.12xlarge", 2);
            a[0] = ControllerProcesses.spawn(dir, "a", kubeconfig, ns, LEASE_SECONDS, spec);
            assertThat(a[0].waitFor(120, TimeUnit.SECONDS)).as("a is killed once its apply started a pod").isTrue();
            int atKill = livePods().size();
            System.out.println("controller SIGKILLed mid-apply: " + atKill + " of 16 copies' pods written");
            assertThat(atKill).as("cut off mid-apply").isBetween(1, 15);

            long t0 = System.nanoTime();
            b = ControllerProcesses.spawn(dir, "b", kubeconfig, ns, LEASE_SECONDS, spec);
            ControllerTest.waitUntil("16 copies", Duration.ofSeconds(LEASE_SECONDS + 90), () -> livePods().size() == 16);
            System.out.println("started again → converged in " + (System.nanoTime() - t0) / 1_000_000 + " ms (lease "
                    + LEASE_SECONDS + " s: the dead leader's lease expires first)");
            Thread.sleep(2000); // anything a stray writer would still do
            convergedWith(16, 8, 2);
            assertThat(watch.duplicates).as("two live pods of one copy at once").isEmpty();
            b.destroy();
            assertThat(b.waitFor(15, TimeUnit.SECONDS)).as("stops on SIGTERM").isTrue();
        } catch (AssertionError | RuntimeException e) {
            ControllerProcesses.printLogs(dir, "a", "b");
            throw e;
        } finally {
            if (a[0] != null) a[0].destroyForcibly();
            if (b != null) b.destroyForcibly();
            cleanUp();
        }
    }

    /**
     * The pod watch ends with its API server: it is opened again once the server is back, so every
     * moment with the server up is watched (the same NoDuplicates keeps what each saw).
     */
    private Watch watch(ControllerProcesses.NoDuplicates seen) {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).watch(seen);
    }

    @Test
    void anApiServerRestartUnderARunningControllerConvergesWithNothingLostOrDuplicated(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("spec.yaml");
        Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 4)));
        Process c = null;
        ControllerProcesses.NoDuplicates seen = new ControllerProcesses.NoDuplicates();
        Watch w = null;
        try (Fleet fleet = new Fleet(k); StandInKubelet kubelet = new StandInKubelet(k)) {
            w = watch(seen);
            fleet.add(ns, "g6.12xlarge", 2);
            c = ControllerProcesses.spawn(dir, "c", k.kubeconfig().toString(), ns, LEASE_SECONDS, spec);
            ControllerTest.waitUntil("4 copies", Duration.ofSeconds(120), () -> livePods().size() == 4);

            // 1. the spec changes while the API server is down: the controller fails, backs off, and
            //    converges once it is back
            long t0 = System.nanoTime();
            Thread restart = Thread.ofPlatform().start(() -> k.restartApiServer(Duration.ofSeconds(5)));
            Thread.sleep(1000);
            Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 8)));
            restart.join();
            w.close();
            w = watch(seen);
            ControllerTest.waitUntil("8 copies after the restart", Duration.ofSeconds(120), () -> livePods().size() == 8);
            System.out.println("API server down 5 s, spec changed meanwhile → converged " + (System.nanoTime() - t0) / 1_000_000
                    + " ms after the stop");
            assertThat(c.isAlive()).as("the controller outlives its API server's restart").isTrue();

            // 2. the API server stops in the middle of the apply of 8 → 16
            Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 16)));
            ControllerTest.waitUntil("the apply under way", Duration.ofSeconds(60), () -> livePods().size() > 8);
            long t1 = System.nanoTime();
            int atStop = livePods().size();
            k.restartApiServer(Duration.ofSeconds(2));
            w.close();
            w = watch(seen);
            ControllerTest.waitUntil("16 copies after the restart", Duration.ofSeconds(120), () -> livePods().size() == 16);
            System.out.println("API server restarted mid-apply (" + atStop + " of 16 copies' pods) → converged "
                    + (System.nanoTime() - t1) / 1_000_000 + " ms after the stop");
            Thread.sleep(2000);
            convergedWith(16, 8, 2);
            assertThat(seen.duplicates).as("two live pods of one copy at once").isEmpty();
            c.destroy();
            assertThat(c.waitFor(15, TimeUnit.SECONDS)).as("stops on SIGTERM").isTrue();
        } catch (AssertionError | RuntimeException e) {
            ControllerProcesses.printLogs(dir, "c");
            throw e;
        } finally {
            if (w != null) w.close();
            if (c != null) c.destroyForcibly();
            cleanUp();
        }
    }
}
