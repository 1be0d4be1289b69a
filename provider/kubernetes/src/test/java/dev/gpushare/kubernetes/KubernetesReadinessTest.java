package dev.gpushare.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.kubernetes.internal.Keys;
import dev.gpushare.kubernetes.testing.Fleet;
import dev.gpushare.kubernetes.testing.KubeCluster;
import dev.gpushare.kubernetes.testing.StandInKubelet;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 on the real API server with the stand-in kubelet ({@code NodeAgents}: it starts bound
 * pods and makes them Ready unless a readiness probe's command is {@code exit 1} or {@code false}):
 * the backend's readiness is each copy's pod Ready condition; a rollout's wave waits until its new
 * pods are Ready before the old ones stop; a revision whose health check fails (its probe is
 * {@code sh -c "exit 1"}) trips the circuit breaker and, with rollback, every pod is back on the
 * revision that completed, and the next plan does not roll the failed revision out again. Every
 * rollout goes through {@link Gpushare#apply}, the path {@code gpushare apply} takes.
 *
 * <p>The service: 4 copies of 4096 MiB on one g6.12xlarge (4 L4s), maximumPercent 150, so at most
 * ⌊1.5 × 4⌋ = 6 run at once: 2 new copies next to the 4 old ones, a rollout in 2 waves of 2. The
 * breaker's threshold: ⌈0.5 × 4⌉ = 2, at least 3 → 3; wave 1's 2 un-Ready copies stay under it,
 * wave 2's make 4 ≥ 3: it trips at wave 2 of 2.
 */
class KubernetesReadinessTest {
    private static Spec spec(String cluster, String image, String healthCheck) {
        return dev.gpushare.engine.plan.Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: %s
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - name: model
                        image: "%s"
                        gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}
                        healthCheck: {command: %s, interval: 5}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: 4
                    deploymentConfiguration: {minimumHealthyPercent: 100, maximumPercent: 150}
                    deploymentCircuitBreaker: {enable: true, rollback: true}
                """.formatted(cluster, image, healthCheck));
    }

    @Test
    void aWaveWaitsForReadyAndARevisionNeverReadyIsRolledBack() throws Exception {
        KubeCluster k = KubeCluster.shared();
        String ns = k.namespace("ready-" + UUID.randomUUID().toString().substring(0, 8));
        String c = "ready";
        Spec v1 = spec(c, "ghcr.io/acme/embedder:1.5", "[CMD-SHELL, \"exit 0\"]");
        Spec v2 = spec(c, "ghcr.io/acme/embedder:1.6", "[CMD-SHELL, \"exit 0\"]");
        Spec v3 = spec(c, "ghcr.io/acme/embedder:1.7", "[CMD-SHELL, \"exit 1\"]"); // its pods never become Ready
        Revision r1 = Revision.of(v1.taskDefinitions().getFirst()), r2 = Revision.of(v2.taskDefinitions().getFirst()),
                r3 = Revision.of(v3.taskDefinitions().getFirst());
        KubernetesBackend backend = KubernetesBackend.open(k.config(), new KubernetesUrl(null, ns, DeviceMode.DRA,
                KubernetesUrl.DEFAULT_COMPONENT_IMAGE));
        try (Fleet fleet = new Fleet(k).forSpec(ns, v1, 0); Gpushare gs = Gpushare.using(backend)) {
            assertThat(gs.apply(gs.plan(v1))).isInstanceOf(ApplyOutcome.Applied.class);

            // 1. readiness is the pods' Ready condition: none before the kubelet started them, all after
            List<Action.Placement> copies = placements(gs.snapshot(c).state().instances());
            assertThat(copies).hasSize(4);
            Map<TaskId, String> before = backend.readiness().notReady(c, copies);
            assertThat(before).as("pods not started yet").hasSize(4).allSatisfy((t, why) -> assertThat(why).contains("pod ", "not"));
            until(() -> { k.agents().settle(); return backend.readiness().notReady(c, copies).isEmpty(); }, "v1's pods Ready");
            // a copy with no pod at its placement is not ready, and says so
            Action.Placement elsewhere = new Action.Placement(copies.getFirst().instanceId(), 3, copies.getFirst().allocation());
            assertThat(backend.readiness().notReady(c, List.of(elsewhere))).hasSize(1)
                    .hasEntrySatisfying(elsewhere.allocation().task(), why -> assertThat(why).contains("no pod of cluster ready runs it"));

            // 2. a wave waits for Ready: wave 1's new pods run next to the 4 old ones, which keep running
            //    until the kubelet makes the new ones Ready; wave 2 does not start meanwhile
            Plan rollout = gs.plan(v2);
            assertThat(rollout.rollouts()).singleElement().satisfies(r -> assertThat(r.waves()).isEqualTo(2));
            gs.readyTimeout(Duration.ofSeconds(60));
            CompletableFuture<ApplyOutcome> applying = CompletableFuture.supplyAsync(() -> gs.apply(rollout));
            until(() -> pods(k, ns, c, r2).size() == 2, "wave 1's 2 new pods");
            for (int look = 0; look < 3; look++) {
                assertThat(pods(k, ns, c, r1)).as("the old pods run on while the new ones are not Ready").hasSize(4)
                        .allSatisfy(p -> assertThat(ready(p)).isTrue());
                assertThat(pods(k, ns, c, r2)).as("wave 1 only, not Ready").hasSize(2).allSatisfy(p -> assertThat(ready(p)).isFalse());
                assertThat(applying).as("apply waits").isNotDone();
                Thread.sleep(700);
            }
            // the old copies wave 1 replaced are out of the state (they serve until their replacements are Ready)
            assertThat(pods(k, ns, c, r1)).filteredOn(p -> p.getMetadata().getAnnotations().containsKey(Keys.REPLACED_BY)).hasSize(2);
            assertThat(revisions(gs.snapshot(c).state().instances())).containsExactlyInAnyOrder(r1, r1, r2, r2);
            try (StandInKubelet kubelet = new StandInKubelet(k)) {
                assertThat(applying.get()).isInstanceOf(ApplyOutcome.Applied.class);
                until(() -> pods(k, ns, c, r1).isEmpty(), "the old pods stopped");
            }
            assertThat(pods(k, ns, c, r2)).hasSize(4).allSatisfy(p ->
                    assertThat(p.getSpec().getContainers().getFirst().getImage()).isEqualTo("ghcr.io/acme/embedder:1.6"));
            assertThat(gs.snapshot(c).rollouts()).singleElement().satisfies(r -> {
                assertThat(r.to()).isEqualTo(r2.value());
                assertThat(r.phase()).isEqualTo(RolloutRecord.Phase.COMPLETED);
            });

            // 3. a revision whose pods never become Ready: the breaker trips, every copy goes back to r2
            List<String> kept = new ArrayList<>();
            for (Pod p : pods(k, ns, c, r2)) kept.add(p.getMetadata().getUid());
            Plan bad = gs.plan(v3);
            assertThat(bad.rollouts()).singleElement().satisfies(r -> assertThat(r.waves()).isEqualTo(2));
            gs.readyTimeout(Duration.ofSeconds(4));
            ApplyOutcome out;
            try (StandInKubelet kubelet = new StandInKubelet(k)) {
                out = gs.apply(bad);
                ApplyOutcome o = out;
                until(() -> pods(k, ns, c, r3).isEmpty() && pods(k, ns, c, r2).size() == 4
                        && pods(k, ns, c, r2).stream().allMatch(KubernetesReadinessTest::ready), () -> "back on r2, Ready; apply: " + o + "; pods: "
                        + live(k, ns, c).stream().map(p -> p.getMetadata().getName() + " " + p.getMetadata().getLabels().get(Keys.REVISION)
                        + " ready=" + ready(p) + " " + p.getMetadata().getAnnotations().get(Keys.REPLACED_BY) + " node=" + p.getSpec().getNodeName()
                        + " " + p.getStatus()).toList());
            }
            assertThat(out).isInstanceOfSatisfying(ApplyOutcome.Refused.class, r -> assertThat(r.problems()).singleElement()
                    .satisfies(p -> {
                        assertThat(p.code()).isEqualTo(ApplyCode.ROLLOUT_STOPPED);
                        assertThat(p.message()).contains("stopped at wave 2 of 2", "circuit breaker: 4 new copies not ready",
                                "threshold 3", "is not Ready: ContainersNotReady: containers with unready status: [model]",
                                "every copy it replaced is back on the revision it ran");
                    }));
            List<Pod> live = live(k, ns, c);
            assertThat(live).as("every pod is back on r2").hasSize(4).allSatisfy(p -> {
                assertThat(p.getMetadata().getLabels()).containsEntry(Keys.REVISION, r2.value());
                assertThat(p.getSpec().getContainers().getFirst().getImage()).isEqualTo("ghcr.io/acme/embedder:1.6");
                assertThat(p.getMetadata().getAnnotations()).doesNotContainKey(Keys.REPLACED_BY);
            });
            // wave 2's old pods never stopped (the rollback made them the copies' pods again); wave 1's
            // stopped when wave 2 began, their wait over, and were started again
            assertThat(live).filteredOn(p -> kept.contains(p.getMetadata().getUid())).hasSize(2);
            assertThat(revisions(gs.snapshot(c).state().instances())).containsOnly(r2).hasSize(4);
            // status shows the rollout, rolled back, with the reason
            assertThat(gs.snapshot(c).rollouts()).singleElement().satisfies(r -> {
                assertThat(r.from()).containsExactly(r2.value());
                assertThat(r.to()).isEqualTo(r3.value());
                assertThat(r.phase()).isEqualTo(RolloutRecord.Phase.ROLLED_BACK);
                assertThat(r.line()).contains("wave 2 of 2, rolled back: circuit breaker: 4 new copies not ready");
            });

            // 4. the next plan does not roll the failed revision out again
            Plan again = gs.plan(v3);
            assertThat(again.actions()).noneMatch(a -> a instanceof Action.MoveCopy || a instanceof Action.PlaceCopy);
            assertThat(again.desired().unplaced()).anySatisfy(u -> {
                assertThat(u.code()).isEqualTo(PlacementCode.ROLLOUT_FAILED);
                assertThat(u.message()).contains("embedder's rollout to revision " + r3, "rolled back");
            });
            gs.destroy(c);
        }
    }

    /** Every copy's placements (one each here). */
    private static List<Action.Placement> placements(List<Instance> instances) {
        List<Action.Placement> out = new ArrayList<>();
        for (Instance i : instances) for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) out.add(new Action.Placement(i.id(), g.index(), a));
        return out;
    }

    private static List<Revision> revisions(List<Instance> instances) {
        List<Revision> out = new ArrayList<>();
        for (Action.Placement p : placements(instances)) out.add(p.allocation().revision());
        return out;
    }

    /** The cluster's live pods (not terminating). */
    private static List<Pod> live(KubeCluster k, String ns, String c) {
        List<Pod> out = new ArrayList<>();
        for (Pod p : k.admin().pods().inNamespace(ns).withLabel(Keys.CLUSTER, c).list().getItems()) {
            if (p.getMetadata().getDeletionTimestamp() == null) out.add(p);
        }
        return out;
    }

    /** The live pods of revision {@code r}. */
    private static List<Pod> pods(KubeCluster k, String ns, String c, Revision r) {
        return live(k, ns, c).stream().filter(p -> r.value().equals(p.getMetadata().getLabels().get(Keys.REVISION))).toList();
    }

    private static boolean ready(Pod p) {
        if (p.getStatus() == null || p.getStatus().getConditions() == null) return false;
        for (PodCondition x : p.getStatus().getConditions()) if ("Ready".equals(x.getType())) return "True".equals(x.getStatus());
        return false;
    }

    private static void until(BooleanSupplier done, String what) throws InterruptedException {
        until(done, () -> what);
    }

    private static void until(BooleanSupplier done, java.util.function.Supplier<String> what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) throw new AssertionError("not within 60 s: " + what.get());
            Thread.sleep(200);
        }
    }
}
