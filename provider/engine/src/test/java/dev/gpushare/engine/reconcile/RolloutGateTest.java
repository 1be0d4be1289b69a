package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Readiness and the deployment circuit breaker on the local backend (a real SQLite store).
 *
 * <p>The fleet: one g6.12xlarge (4 × L4, maxInstances 1, so no surge), 16 copies of 5,470 MiB, 4
 * per GPU (97 % full); minimumHealthyPercent 75: ⌈0.75 × 16⌉ = 12 stay, 4 stop first per wave →
 * 4 waves of 4. The new image's health check fails (the readiness below: what a container runtime
 * reports for it — the state's own signal, an instance marked unhealthy, cannot change during an
 * apply without moving the revision under it). The breaker's threshold is ⌈0.5 × 16⌉ = 8: 4 not
 * ready after wave 1, 8 after wave 2 → it trips at wave 2 of 4.
 */
class RolloutGateTest {
    @TempDir Path dir;

    private static Spec spec(String image, String breaker) {
        return dev.gpushare.engine.plan.Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: gate
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1}
                taskDefinitions:
                  - family: embedder
                    containers:
                      - {name: model, image: "%s", gpu: {nvidiaMps: {memory: 5470, maxComputePercent: 25}}}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: 16
                    deploymentConfiguration: {minimumHealthyPercent: 75}
                    deploymentCircuitBreaker: %s
                """.formatted(image, breaker));
    }

    /** The state's readiness, and the health check of {@code failing}'s copies fails (exit status 1). */
    private static RolloutGate gate(Backend b, Revision failing) {
        Readiness state = Readiness.fromState(b);
        Readiness withHealthCheck = (cluster, started) -> {
            java.util.Map<dev.gpushare.engine.state.TaskId, String> out = new java.util.TreeMap<>(state.notReady(cluster, started));
            for (var p : started) {
                if (failing.equals(p.allocation().revision())) out.putIfAbsent(p.allocation().task(), "health check failed: exit status 1");
            }
            return out;
        };
        return new RolloutGate(withHealthCheck, Duration.ofMillis(300), Duration.ofMillis(50));
    }

    @ParameterizedTest(name = "rollback {0}")
    @CsvSource({"true, ROLLED_BACK", "false, FAILED"})
    void copiesThatNeverBecomeReadyTripTheBreakerAtTheThreshold(boolean rollback, RolloutRecord.Phase phase) {
        String breaker = "{enable: true, rollback: " + rollback + "}";
        Spec v1 = spec("acme/embedder:1.5", breaker), v2 = spec("acme/embedder:1.6", breaker);
        Revision was = Revision.of(v1.taskDefinitions().getFirst()), now = Revision.of(v2.taskDefinitions().getFirst());
        try (Backend b = LocalBackend.open(dir.resolve("state.db"))) {
            assertThat(Reconciler.apply(b, Planner.plan(ResolvedSpec.of(v1), b.read("gate")), ApplyListener.NONE))
                    .isInstanceOf(ApplyOutcome.Applied.class);

            Plan rollout = Planner.plan(ResolvedSpec.of(v2), b.read("gate"));
            assertThat(rollout.rollouts()).as(PlanText.render(rollout)).singleElement()
                    .satisfies(r -> assertThat(r.waves()).isEqualTo(4));
            ApplyOutcome out = Reconciler.apply(b, rollout, ApplyListener.NONE, Reconciler.DEFAULT_BATCH, gate(b, now));

            assertThat(out).isInstanceOfSatisfying(ApplyOutcome.Refused.class, r -> assertThat(r.problems()).singleElement()
                    .satisfies(p -> {
                        assertThat(p.code()).isEqualTo(ApplyCode.ROLLOUT_STOPPED);
                        assertThat(p.message()).contains("stopped at wave 2 of 4", "circuit breaker: 8 new copies not ready",
                                "threshold 8", "health check failed: exit status 1");
                    }));
            RolloutRecord record = b.read("gate").rollouts().getFirst();
            assertThat(record.phase()).isEqualTo(phase);
            assertThat(record.wave()).isEqualTo(2);
            assertThat(record.reason()).startsWith("circuit breaker: 8 new copies not ready");
            // with rollback every copy is back on the old revision; without, the 8 of waves 1–2 keep the new one
            long onNew = revisions(b.read("gate").state()).stream().filter(now::equals).count();
            long onOld = revisions(b.read("gate").state()).stream().filter(was::equals).count();
            assertThat(onNew + onOld).isEqualTo(16);
            assertThat(onNew).isEqualTo(rollback ? 0 : 8);

            // the next plan does not roll the failed revision out again
            Plan next = Planner.plan(ResolvedSpec.of(v2), b.read("gate"));
            assertThat(next.rollouts()).isEmpty();
            assertThat(next.desired().unplaced()).anySatisfy(u -> {
                assertThat(u.code()).isEqualTo(PlacementCode.ROLLOUT_FAILED);
                assertThat(u.message()).contains("embedder's rollout to revision " + now, phase.text(), "change the task definition");
            });
        }
    }

    /** Without the breaker, copies not ready do not stop the rollout: every wave runs and the rollout completes. */
    @Test
    void withoutTheBreakerTheRolloutGoesOn() {
        Spec v1 = spec("acme/embedder:1.5", "{enable: false, rollback: false}"), v2 = spec("acme/embedder:1.6", "{enable: false, rollback: false}");
        Revision now = Revision.of(v2.taskDefinitions().getFirst());
        try (Backend b = LocalBackend.open(dir.resolve("state.db"))) {
            Reconciler.apply(b, Planner.plan(ResolvedSpec.of(v1), b.read("gate")), ApplyListener.NONE);
            Plan rollout = Planner.plan(ResolvedSpec.of(v2), b.read("gate"));
            assertThat(Reconciler.apply(b, rollout, ApplyListener.NONE, Reconciler.DEFAULT_BATCH, gate(b, now)))
                    .isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(b.read("gate").rollouts()).singleElement().satisfies(r -> assertThat(r.phase()).isEqualTo(RolloutRecord.Phase.COMPLETED));
        }
    }

    /** Ready copies (a healthy instance) pass the gate at once: the rollout completes. */
    @Test
    void readyCopiesPassTheGate() {
        Spec v1 = spec("acme/embedder:1.5", "{enable: true, rollback: true}"), v2 = spec("acme/embedder:1.6", "{enable: true, rollback: true}");
        try (Backend b = LocalBackend.open(dir.resolve("state.db"))) {
            Reconciler.apply(b, Planner.plan(ResolvedSpec.of(v1), b.read("gate")), ApplyListener.NONE);
            Plan rollout = Planner.plan(ResolvedSpec.of(v2), b.read("gate"));
            // the health check of the old revision would fail: the new one's passes
            assertThat(Reconciler.apply(b, rollout, ApplyListener.NONE, Reconciler.DEFAULT_BATCH,
                    gate(b, Revision.of(v1.taskDefinitions().getFirst())))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(b.read("gate").rollouts()).singleElement().satisfies(r -> {
                assertThat(r.phase()).isEqualTo(RolloutRecord.Phase.COMPLETED);
                assertThat(r.wave()).isEqualTo(4);
            });
        }
    }

    private static java.util.List<Revision> revisions(FleetState s) {
        java.util.List<Revision> out = new java.util.ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Instance i : s.instances()) for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) {
            if (seen.add(a.task().toString())) out.add(a.revision());
        }
        return out;
    }
}
