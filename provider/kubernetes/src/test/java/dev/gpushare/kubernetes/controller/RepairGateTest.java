package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The repair grace on a timeline (grace 60 s), the planner's view at each step. */
class RepairGateTest {
    private static final InstanceId A = new InstanceId("pool", 0);
    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");
    private final RepairGate gate = new RepairGate(Duration.ofSeconds(60));

    private static Snapshot snapshot(boolean healthy) {
        Instance i = new Instance(A, new Owner.CapacityProvider("pool"), "g6.12xlarge", healthy, healthy ? null : "node-not-ready", List.of());
        return new Snapshot(new FleetState("c", List.of(i), List.of()), 7, Map.of());
    }

    private boolean plannerSeesHealthy(boolean healthy, int atSecond) {
        return gate.gate(snapshot(healthy), T0.plusSeconds(atSecond)).snapshot().state().instances().getFirst().healthy();
    }

    @Test
    void anUnhealthyInstanceIsHeldForTheGraceThenReleased() {
        RepairGate.Gated g = gate.gate(snapshot(false), T0);
        assertThat(g.snapshot().state().instances().getFirst().healthy()).isTrue();
        assertThat(g.held()).containsExactly(A);
        assertThat(g.recheckIn()).contains(Duration.ofSeconds(60));
        assertThat(g.snapshot().revision()).isEqualTo(7);
        assertThat(plannerSeesHealthy(false, 59)).isTrue();
        RepairGate.Gated due = gate.gate(snapshot(false), T0.plusSeconds(60));
        assertThat(due.snapshot().state().instances().getFirst().healthy()).isFalse();
        assertThat(due.recheckIn()).isEmpty();
        // the applied plan terminated it: 75 s from the first sighting to replaced
        assertThat(gate.replaced(Set.of(A), T0.plusSeconds(75))).containsExactly(Map.entry(A, Duration.ofSeconds(75)));
        assertThat(gate.replaced(Set.of(A), T0.plusSeconds(80))).isEmpty();
    }

    @Test
    void aBlipShorterThanTheGraceIsNoReplacement() {
        assertThat(plannerSeesHealthy(false, 0)).isTrue();
        assertThat(plannerSeesHealthy(true, 10)).isTrue();
        // healthy for a whole grace window since the last unhealthy sighting (0 s): the episode is over
        assertThat(plannerSeesHealthy(true, 61)).isTrue();
        // unhealthy again at 100 s: a new episode, held until 160 s
        assertThat(plannerSeesHealthy(false, 100)).isTrue();
        assertThat(plannerSeesHealthy(false, 159)).isTrue();
        assertThat(plannerSeesHealthy(false, 160)).isFalse();
    }

    @Test
    void aFlappingNodeKeepsItsFirstTimeAndIsReplacedOnce() {
        // down 0–10, up 10–20, down 20–30, up 30–40, down at 60: due at 60 (grace since 0), not at 80
        assertThat(plannerSeesHealthy(false, 0)).isTrue();
        assertThat(plannerSeesHealthy(true, 10)).isTrue();
        assertThat(plannerSeesHealthy(false, 20)).isTrue();
        assertThat(plannerSeesHealthy(true, 30)).isTrue();
        assertThat(plannerSeesHealthy(false, 60)).isFalse();
        assertThat(gate.replaced(Set.of(A), T0.plusSeconds(61))).hasSize(1);
        // once replaced, the instance id is gone; it is not replaced twice in the window
        assertThat(gate.replaced(Set.of(A), T0.plusSeconds(62))).isEmpty();
    }
}
