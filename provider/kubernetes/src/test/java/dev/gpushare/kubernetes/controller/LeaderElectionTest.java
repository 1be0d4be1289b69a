package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import dev.gpushare.model.io.SpecWriter;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.Watch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controllers as real child processes on one Lease, following one spec file: one leads; SIGKILL
 * of the leader, and the other takes over within the lease duration and converges the changed
 * spec; at no point two live pods of one copy, or two claims of one device. SIGTERM then stops the
 * survivor within seconds.
 */
class LeaderElectionTest {
    static final int LEASE_SECONDS = 6;
    private final KubeCluster k = KubeCluster.shared();
    private final String ns = k.namespace("lead-" + UUID.randomUUID().toString().substring(0, 8));
    private final String cluster = "lead-" + ns;

    private static Process spawn(Path dir, String id, String kubeconfig, String ns, Path spec) throws IOException {
        return ControllerProcesses.spawn(dir, id, kubeconfig, ns, LEASE_SECONDS, spec);
    }

    private static boolean logged(Path dir, String id, String text) {
        return ControllerProcesses.logged(dir, id, text);
    }

    private List<Pod> livePods() {
        return k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems().stream()
                .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
    }

    @Test
    void whenTheLeaderIsKilledTheOtherTakesOverWithinTheLeaseAndNothingIsDuplicated(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("spec.yaml");
        Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 4)));
        ControllerProcesses.NoDuplicates pods = new ControllerProcesses.NoDuplicates();
        Process a = null, b = null;
        try (Fleet fleet = new Fleet(k); StandInKubelet kubelet = new StandInKubelet(k);
             Watch w = k.admin().pods().inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).watch(pods)) {
            fleet.add(ns, "g6.12xlarge", 2);
            String kubeconfig = k.kubeconfig().toString();
            a = spawn(dir, "a", kubeconfig, ns, spec);
            Process pa = a;
            ControllerTest.waitUntil("a leads", Duration.ofSeconds(90), () -> logged(dir, "a", "\"event\":\"leading\"") || !pa.isAlive());
            assertThat(a.isAlive()).as("a runs: " + Files.readString(dir.resolve("a.log"))).isTrue();
            b = spawn(dir, "b", kubeconfig, ns, spec);
            // the first placement also waits for the scheduler and the stand-in kubelet: slow on a loaded 2-core machine
            ControllerTest.waitUntil("4 copies", Duration.ofSeconds(180), () -> livePods().size() == 4);
            ControllerTest.waitUntil("b ready", Duration.ofSeconds(60), () -> logged(dir, "b", "\"event\":\"started\""));
            assertThat(logged(dir, "b", "\"event\":\"leading\"")).as("b waits while a leads").isFalse();

            a.destroyForcibly(); // SIGKILL: no lease released
            a.waitFor(10, TimeUnit.SECONDS);
            long t0 = System.nanoTime();
            Files.writeString(spec, SpecWriter.toYaml(ControllerTest.spec(cluster, 6)));
            ControllerTest.waitUntil("6 copies by b", Duration.ofSeconds(LEASE_SECONDS + 60), () -> livePods().size() == 6);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("leader SIGKILLed → the other converged the changed spec in " + ms + " ms (lease " + LEASE_SECONDS + " s)");
            assertThat(logged(dir, "b", "\"event\":\"leading\"")).isTrue();
            assertThat(ms).as("within the lease duration and a reconcile").isLessThan((LEASE_SECONDS + 20) * 1000L);

            Thread.sleep(2000); // anything a stray writer would still do
            assertThat(pods.duplicates).as("two live pods of one copy at once").isEmpty();
            List<ResourceClaim> claims = k.admin().resources(ResourceClaim.class).inNamespace(ns).withLabel("gpushare.dev/cluster", cluster).list().getItems();
            // 6 copies, 2 per L4: 3 GPUs, one claim each
            assertThat(claims).hasSize(3);
            assertThat(livePods()).hasSize(6);

            long s0 = System.nanoTime();
            b.destroy(); // SIGTERM
            assertThat(b.waitFor(15, TimeUnit.SECONDS)).as("stops within seconds on SIGTERM").isTrue();
            System.out.println("SIGTERM → stopped in " + (System.nanoTime() - s0) / 1_000_000 + " ms");
            assertThat(logged(dir, "b", "\"event\":\"stopped\"")).isTrue();
        } catch (AssertionError | RuntimeException e) {
            ControllerProcesses.printLogs(dir, "a", "b"); // what each controller did, for the failure
            throw e;
        } finally {
            if (a != null) a.destroyForcibly();
            if (b != null) b.destroyForcibly();
            try (var backend = dev.gpushare.kubernetes.KubernetesBackend.open(k.config(), new dev.gpushare.kubernetes.KubernetesUrl(null, ns,
                    dev.gpushare.kubernetes.DeviceMode.DRA, dev.gpushare.kubernetes.KubernetesUrl.DEFAULT_COMPONENT_IMAGE))) {
                backend.destroy(cluster);
            }
            k.agents().settle();
        }
    }
}
