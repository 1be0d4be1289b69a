package dev.gpushare.engine.plan;

import static dev.gpushare.engine.plan.Fleet.mps;
import static dev.gpushare.engine.plan.Fleet.mpsInstance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.internal.Diff;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanJsonTest {

    @Test
    void everyActionKindRoundTrips() {
        List<MigPartition> parts = List.of(new MigPartition("4g.20gb", 0, 20096), new MigPartition("3g.20gb", 4, 20096));
        FleetState current = Fleet.state("c",
                mpsInstance("l4-0", "l4", List.of(List.of(mps("e/0", 0, 4096, 25), mps("e/1", 0, 4096, null)))),
                mpsInstance("l4-1", "l4", List.of(List.of(mps("e/2", 0, 4096, 25)))),
                Fleet.migInstance("ep-0", "ep", parts, List.of(Fleet.onPartition("ic/0", "4g.20gb", 0))));
        FleetState desired = Fleet.state("c",
                mpsInstance("l4-0", "l4", List.of(List.of(mps("e/0", 0, 4096, 25)), List.of(mps("e/2", 1, 4096, 25)))),
                mpsInstance("l4-2", "l4", List.of(List.of(mps("e/3", 0, 2048, null)))),
                Fleet.migInstance("ep-0", "ep", parts, List.of(Fleet.onPartition("ic/0", "3g.20gb", 4))));
        List<Action> actions = Diff.between(new Snapshot(current, 5, Map.of(InstanceId.parse("ep-0"), List.of("3g.20gb", "4g.20gb"))), desired,
                Map.of(InstanceId.parse("ep-0"), List.of("4g.20gb", "3g.20gb")));
        Plan plan = new Plan("c", 5, actions, desired, "abc123");
        // launch, replace, stop, configure, move, place, terminate all present
        assertThat(actions).extracting(Action::kind).contains("launchInstance", "replaceInstance", "stopCopy",
                "configureGpu", "moveCopy", "placeCopy", "terminateInstance");

        String json = PlanJson.toJson(plan);
        assertThat(json).startsWith("{\n  \"revision\" : 5,\n  \"actions\" : [");
        assertThat(PlanJson.fromJson(json)).isEqualTo(plan);
    }

    @Test
    void notAPlanIsAUserError() {
        assertThatThrownBy(() -> PlanJson.fromJson("{\"cluster\": \"x\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gpushare plan --out FILE");
        assertThatThrownBy(() -> PlanJson.fromJson("not json")).isInstanceOf(IllegalArgumentException.class);
    }
}
