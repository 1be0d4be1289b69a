package dev.gpushare.engine.placement;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static dev.gpushare.engine.placement.Fixtures.mpsMiB;
import static dev.gpushare.engine.placement.Fixtures.partition;
import static dev.gpushare.engine.placement.StateQueries.ids;
import static dev.gpushare.engine.placement.StateQueries.where;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.InstanceId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Spec;

/** Stability: given the current state, what still fits stays; only new or changed copies move. */
class PlacerStabilityTest {

    private static Spec mpsSpec(int emb, int rer) {
        return Fixtures.spec().mps("l4", "g6.12xlarge", 10)
                .service("emb", "l4", emb, mpsMiB(5_000)).service("rer", "l4", rer, mpsMiB(9_000)).build();
    }

    private static FleetState again(Spec spec, FleetState current) {
        return Placer.place(ResolvedSpec.of(spec), current);
    }

    @Test
    void placingOnItsOwnOutputChangesNothing() {
        Spec spec = mpsSpec(13, 7);
        FleetState first = Specs.place(spec);
        assertThat(StateJson.toJson(again(spec, first))).isEqualTo(StateJson.toJson(first));
    }

    @Test
    void scaleUpKeepsEveryExistingCopyWhereItIs() {
        FleetState before = Specs.place(mpsSpec(13, 7));
        FleetState after = again(mpsSpec(20, 7), before);
        Map<String, List<String>> was = where(before);
        Map<String, List<String>> now = where(after);
        was.forEach((task, at) -> assertThat(now.get(task)).as(task).isEqualTo(at));
        assertThat(now).containsKeys("emb/13", "emb/19");
        assertThat(after.unplaced()).isEmpty();
    }

    @Test
    void scaleDownDropsTheHighestCopiesAndEmptyInstances() {
        FleetState before = Specs.place(mpsSpec(30, 10)); // 150,000 + 90,000 MiB → several instances
        FleetState after = again(mpsSpec(2, 0), before);
        assertThat(where(after).keySet()).containsExactlyInAnyOrder("emb/0", "emb/1");
        assertThat(where(after).get("emb/0")).isEqualTo(where(before).get("emb/0"));
        assertThat(after.instances()).hasSize(1);
    }

    @Test
    void aChangedRequirementMovesOnlyItsService() {
        FleetState before = Specs.place(mpsSpec(8, 4));
        Spec changed = Fixtures.spec().mps("l4", "g6.12xlarge", 10)
                .service("emb", "l4", 8, mpsMiB(5_000)).service("rer", "l4", 4, mpsMiB(9_000, 50)).build();
        FleetState after = again(changed, before);
        for (int n = 0; n < 8; n++) assertThat(where(after).get("emb/" + n)).isEqualTo(where(before).get("emb/" + n));
        // the new limit reached every copy of rer
        assertThat(after.instances().stream().flatMap(i -> i.gpus().stream()).flatMap(g -> g.allocations().stream())
                .filter(a -> a.task().group().equals("rer"))).hasSize(4)
                .allSatisfy(a -> assertThat(a.env()).containsEntry("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "50"));
    }

    @Test
    void unhealthyInstancesAreEvacuatedAndLeftOut() {
        Spec spec = mpsSpec(30, 10);
        FleetState before = Specs.place(spec);
        FleetState marked = markUnhealthy(before, "l4-0");
        FleetState after = again(spec, marked);
        assertThat(ids(after)).doesNotContain("l4-0");
        assertThat(after.unplaced()).isEmpty();
        // copies that were elsewhere did not move
        where(before).forEach((task, at) -> {
            if (!at.get(0).startsWith("l4-0#")) assertThat(where(after).get(task)).as(task).isEqualTo(at);
        });
    }

    @Test
    void onlyTheNamedUnhealthyInstancesAreReplaced() {
        Spec spec = mpsSpec(30, 10);
        FleetState before = Specs.place(spec);
        FleetState marked = markUnhealthy(markUnhealthy(before, "l4-0"), "l4-1");
        FleetState after = Placer.place(ResolvedSpec.of(spec), marked, Set.of(InstanceId.parse("l4-1")));
        assertThat(ids(after)).contains("l4-0").doesNotContain("l4-1");
        Instance kept = StateQueries.instance(after, "l4-0");
        assertThat(kept.healthy()).isFalse();
        assertThat(kept.healthReason()).isEqualTo("mps-daemon-unresponsive");
        assertThat(kept).isEqualTo(StateQueries.instance(marked, "l4-0"));
        // the replacement gets a fresh id, never the evacuated one
        assertThat(ids(after)).allSatisfy(id -> assertThat(id).isNotEqualTo("l4-1"));
    }

    @Test
    void aNewMigLayoutMovesCopiesToTheNewPartitions() {
        Spec before = Fixtures.spec().provider("mig", "p4d.24xlarge", 0, 3, new GpuSharing.Mig(List.of("3g.20gb", "3g.20gb")))
                .service("infer", "mig", 4, partition("3g.20gb")).build();
        Spec after = Fixtures.spec().provider("mig", "p4d.24xlarge", 0, 3, new GpuSharing.Mig(List.of("4g.20gb", "3g.20gb")))
                .service("infer", "mig", 4, partition("3g.20gb")).build();
        FleetState s = again(after, Specs.place(before));
        // 3g now only at start 4 (4g takes 0): one copy per GPU
        assertThat(where(s).values()).allSatisfy(at -> assertThat(at.get(0)).endsWith("@4"));
        assertThat(s.instances().get(0).gpus().get(0).partitions()).extracting(p -> p.profile())
                .containsExactly("4g.20gb", "3g.20gb");
    }

    static FleetState markUnhealthy(FleetState s, String id) {
        List<Instance> out = new ArrayList<>();
        for (Instance i : s.instances()) {
            out.add(i.id().equals(InstanceId.parse(id)) ? new Instance(i.id(), i.owner(), i.instanceType(), false,
                    "mps-daemon-unresponsive", i.gpus()) : i);
        }
        return new FleetState(s.cluster(), out, s.unplaced());
    }
}
