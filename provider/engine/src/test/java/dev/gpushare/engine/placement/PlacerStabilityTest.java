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

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
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

    /**
     * A stored copy whose environment was edited by hand (its text no longer what its typed fields
     * derive) is placed again, with the derived environment, even though its memory, limit and GPU
     * still match the spec; read back through the state's JSON, as a store would give it. Every
     * other copy stays. emb asks 5,000 MiB on an L4 (22,563 usable).
     */
    @Test
    void aCopyWhoseEnvironmentWasEditedIsPlacedAgain() {
        Spec spec = mpsSpec(4, 2);
        FleetState before = Specs.place(spec);
        Allocation emb0 = allocationOf(before, "emb/0");
        String limit = "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT";
        int at = emb0.gpus().getFirst();
        assertThat(emb0.env()).isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES", Integer.toString(at), limit, "0=5000M"));
        int other = (at + 1) % 4;
        // each edit, and the GPUs the allocation read back says it sees (null: not a derived environment)
        Map<Map<String, String>, List<Integer>> edits = new java.util.LinkedHashMap<>();
        edits.put(with(emb0.env(), limit, "0=4000M"), null);     // a lower memory cap than the 5,000 MiB recorded
        edits.put(with(emb0.env(), limit, "0=05000M"), null);    // the same number, not as gpushare writes it
        edits.put(with(emb0.env(), "LD_PRELOAD", "/tmp/x.so"), null); // a variable gpushare never sets
        // a derived environment, but of another GPU than the one it sits on: the solver's compare refuses it
        edits.put(with(emb0.env(), "NVIDIA_VISIBLE_DEVICES", Integer.toString(other)), List.of(other));
        for (var edit : edits.entrySet()) {
            Map<String, String> env = edit.getKey();
            FleetState edited = StateJson.fromJson(StateJson.toJson(replaceEnv(before, "emb/0", env)));
            Allocation read = allocationOf(edited, "emb/0");
            assertThat(read.env()).as("the edit is read back as it is").isEqualTo(env);
            assertThat(read.gpus()).as("the GPUs of %s", env).isEqualTo(edit.getValue());
            FleetState after = again(spec, edited);
            // placed anew (first fit, possibly on another GPU) with the environment its GPU derives
            Allocation placed = allocationOf(after, "emb/0");
            assertThat(placed.gpus()).as("placed again from %s", env).isNotNull();
            int gpu = placed.gpus().getFirst();
            assertThat(placed.env()).as("placed again from %s", env).isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES",
                    Integer.toString(gpu), limit, "0=5000M"));
            Map<String, List<String>> was = where(before);
            where(after).forEach((task, place) -> {
                if (!task.equals("emb/0")) assertThat(place).as(task).isEqualTo(was.get(task));
            });
        }
        // the unedited state is kept as it is (the same allocation objects)
        assertThat(allocationOf(again(spec, before), "emb/0")).isSameAs(emb0);
    }

    private static Map<String, String> with(Map<String, String> env, String key, String value) {
        Map<String, String> out = new java.util.TreeMap<>(env);
        out.put(key, value);
        return out;
    }

    private static Allocation allocationOf(FleetState s, String task) {
        return s.instances().stream().flatMap(i -> i.gpus().stream()).flatMap(g -> g.allocations().stream())
                .filter(a -> a.task().toString().equals(task)).findFirst().orElseThrow();
    }

    private static FleetState replaceEnv(FleetState s, String task, Map<String, String> env) {
        List<Instance> out = new ArrayList<>();
        for (Instance i : s.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> allocs = new ArrayList<>();
                for (Allocation a : g.allocations()) {
                    allocs.add(!a.task().toString().equals(task) ? a : new Allocation(a.task(), a.container(),
                            a.memoryMiB(), a.maxComputePercent(), a.partition(), env));
                }
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), allocs));
            }
            out.add(new Instance(i.id(), i.owner(), i.instanceType(), i.healthy(), i.healthReason(), gpus));
        }
        return new FleetState(s.cluster(), out, s.unplaced());
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
