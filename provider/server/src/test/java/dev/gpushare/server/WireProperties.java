package dev.gpushare.server;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.Spec;
import dev.gpushare.server.internal.ServiceWire;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import tools.jackson.databind.JsonNode;

/** What the client sends is what the server reads: actions and snapshots survive the wire unchanged. */
class WireProperties {

    @Property(tries = 40)
    void actionsAndSnapshotsRoundTrip(@ForAll @IntRange(min = 0, max = 3) int minInstances,
                                      @ForAll @IntRange(min = 1, max = 4) int services,
                                      @ForAll @IntRange(min = 1, max = 9) int copies) {
        Spec spec = Specs.spec("wire", minInstances, services, copies);
        Plan plan = Planner.plan(ResolvedSpec.of(spec), Snapshot.empty("wire"));

        JsonNode sent = ServiceWire.MAPPER.readTree(ServiceWire.MAPPER.writeValueAsString(ServiceWire.actions(plan.actions())));
        assertThat(ServiceWire.actions(sent)).isEqualTo(plan.actions());

        // a backend's snapshot holds what runs: the desired state without its unplaced list
        FleetState running = StateFold.apply(new FleetState("wire", plan.desired().instances(), List.of()), List.of());
        Snapshot snapshot = new Snapshot(running, 7,
                Map.of(InstanceId.parse("i-1"), List.of("3g.40gb", "1g.10gb")));
        JsonNode doc = ServiceWire.MAPPER.readTree(ServiceWire.MAPPER.writeValueAsString(ServiceWire.snapshot(snapshot)));
        assertThat(ServiceWire.snapshot(doc)).isEqualTo(snapshot);
    }
}
